import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runInRequestContext } from "@/lib/log/request-context";
import { capturedLogger } from "@/test-support/captured-log";
import { openDatabase } from "./client";

/**
 * Issue 36: an idle PostgreSQL connection the server drops is the database failing, logged as
 * such, and never with the request id of the request that happened to open the connection.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const loggerKey = Symbol.for("paydesk.logger");
const healthKey = Symbol.for("paydesk.dependencyHealth");
type Store = typeof globalThis & { [loggerKey]?: unknown; [healthKey]?: unknown };

afterEach(() => {
  vi.unstubAllEnvs();
  delete (globalThis as Store)[loggerKey];
  delete (globalThis as Store)[healthKey];
});

describe.runIf(onPostgres)("an idle PostgreSQL connection dropped by the server", () => {
  it("says the database is failing, with no request id", async () => {
    vi.stubEnv("DATABASE_URL", process.env.TEST_DATABASE_URL ?? "");
    const { log, records } = capturedLogger();
    (globalThis as Store)[loggerKey] = log;
    const handle = await openDatabase("as-is");
    try {
      // The connection is opened while a request is served, and then left idle in the pool.
      const result = (await runInRequestContext({ requestId: "an-earlier-request" }, () =>
        handle.db.execute(sql`select pg_backend_pid() as pid`),
      )) as unknown as { rows: { pid: number }[] };
      const pid = result.rows[0]?.pid;
      const { Client } = await import("pg");
      const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query("select pg_terminate_backend($1)", [pid]);
      } finally {
        await admin.end();
      }
      await vi.waitFor(() =>
        expect(records().map((record) => record.msg)).toContainEqual(
          expect.stringMatching(/^database: failing \(an idle connection failed: /),
        ),
      );
      const failing = records().find((record) => String(record.msg).startsWith("database: failing"));
      expect(failing).not.toHaveProperty("reqId");
    } finally {
      await handle.close();
    }
  });
});
