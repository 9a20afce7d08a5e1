import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturedLogger } from "@/test-support/captured-log";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { runInRequestContext } from "./request-context";
import { keepOutOfLogs } from "./secret-values";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

describe("the log", () => {
  it("writes one JSON object per line with an ISO time, a numeric level and the message", () => {
    const { log, records, lines } = capturedLogger();
    log.info({ invoiceId: "inv_1" }, "invoice created");
    log.warn("careful");
    expect(lines()).toHaveLength(2);
    const [first, second] = records();
    expect(first).toMatchObject({ level: 30, msg: "invoice created", invoiceId: "inv_1" });
    const time = String(first?.time);
    expect(new Date(time).toISOString()).toBe(time);
    expect(second).toMatchObject({ level: 40, msg: "careful" });
  });

  it("honours LOG_LEVEL", () => {
    const { log, lines } = capturedLogger({ LOG_LEVEL: "warn" });
    log.info("not written");
    log.debug("nor this");
    log.warn("written");
    expect(lines()).toHaveLength(1);
  });

  it("carries the request id into every line of the request's work, however deep", async () => {
    const { log, records } = capturedLogger();
    await runInRequestContext({ requestId: "req-42" }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.info("inside");
    });
    log.info("outside");
    expect(records().map((record) => record.reqId)).toEqual(["req-42", undefined]);
  });

  it("censors fields named like secrets, at the top and one level down", () => {
    const { log, lines } = capturedLogger();
    log.info(
      {
        password: "hunter2-correct-horse",
        user: { newPassword: "battery-staple-99" },
        headers: { cookie: "sid=abc123456" },
      },
      "form",
    );
    const line = lines().join("\n");
    for (const value of ["hunter2-correct-horse", "battery-staple-99", "sid=abc123456"])
      expect(line).not.toContain(value);
    expect(line).toContain("[redacted]");
  });

  it("never writes a secret value this process holds, wherever it hides (message, error, nested field)", () => {
    const secret = 'sk_live_"quoted"_0123456789';
    keepOutOfLogs(secret);
    const { log, lines } = capturedLogger();
    log.warn(`calling with ${secret}`);
    log.error({ err: new Error(`refused key ${secret}`) }, "failed");
    log.info({ deep: { deeper: { note: secret } } }, "nested");
    for (const line of lines()) {
      expect(line).not.toContain(secret);
      expect(line).not.toContain(JSON.stringify(secret).slice(1, -1));
    }
  });

  it(`keeps a failed query's parameters out of the line (${"the query text and the database's code stay"})`, async () => {
    const { log, lines, records } = capturedLogger();
    const parameter = "a-key-nobody-registered-0123456789";
    const failed = await testDb.db
      .execute(sql`select * from table_that_does_not_exist where secret = ${parameter}`)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failed).toBeInstanceOf(Error);
    // Without the serializer, Drizzle's own message carries the parameter.
    expect(String((failed as Error).message) + JSON.stringify(failed)).toContain(parameter);
    log.error({ err: failed }, "query failed");
    expect(lines()[0]).not.toContain(parameter);
    const err = records()[0]?.err as { message: string; cause?: { code?: string } };
    expect(err.message).toContain("table_that_does_not_exist");
    expect(err.cause?.code).toBe("42P01");
  });
});
