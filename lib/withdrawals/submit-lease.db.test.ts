import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withdrawals } from "@/lib/db/schema";
import { startSandboxOnCopiedPglite } from "@/lib/sandbox/test/sandbox-on-copied-pglite";
import { createServiceClient } from "@/lib/service";
import { createUser } from "@/lib/users/manage-users";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { approveWithdrawal } from "./decide";
import { requestWithdrawal } from "./request-withdrawal";
import { resubmitDueWithdrawals } from "./resubmit-due";
import { submitLeaseMs, submitWithdrawal } from "./submit-withdrawal";

const KEYS = { invoiceKey: "lease-invoice-key", withdrawalKey: "lease-withdrawal-key" };
let testDb: TestDb;
let sandbox: Awaited<ReturnType<typeof startSandboxOnCopiedPglite>>;
let requester: string;
let approver: string;

beforeAll(async () => {
  testDb = await createTestDb();
  sandbox = await startSandboxOnCopiedPglite({ port: 0, demoMerchant: KEYS });
  const make = (email: string, role: "support" | "finance") =>
    createUser(testDb.db, { email, name: email, role, password: "a-long-password-1" }).then(
      (user) => user.id,
    );
  requester = await make("support@lease.test", "support");
  approver = await make("finance@lease.test", "finance");
});
afterAll(async () => {
  await sandbox.close();
  await testDb.close();
});

const control = (method: string, path: string, body?: object) =>
  fetch(`${sandbox.url}/control${path}`, {
    method,
    headers: { Authorization: `Bearer ${KEYS.invoiceKey}`, "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });

describe("the submit lease", () => {
  it("is the client's whole call budget plus a margin", () => {
    const client = createServiceClient({
      baseUrl: sandbox.url,
      ...KEYS,
      timeoutMs: 60_000,
      retry: { attempts: 4, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 },
    });
    expect(submitLeaseMs(client)).toBe(4 * 60_000 + 3 * 30_000 + 30_000);
  });

  it("with a slow service, the loop never takes over a call still in flight: one POST at a time", async () => {
    await control("PUT", "/balances/USDT", { amount: "1000" });
    await control("POST", "/faults", { latency_ms: 1_500 });
    let inFlight = 0;
    let most = 0;
    let posts = 0;
    const client = createServiceClient({
      baseUrl: sandbox.url,
      ...KEYS,
      timeoutMs: 60_000,
      retry: { attempts: 4, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 },
      fetch: async (input, init) => {
        const counted = init.method === "POST" && String(input).endsWith("/v1/withdrawals");
        if (counted) {
          posts += 1;
          most = Math.max(most, ++inFlight);
        }
        try {
          return await fetch(input, init);
        } finally {
          if (counted) inFlight -= 1;
        }
      },
    });
    try {
      const request = await requestWithdrawal(
        testDb.db,
        openedWithdrawalForm({ reason: "slow service" }),
        requester,
      );
      await approveWithdrawal(testDb.db, request.id, approver);
      const submitting = submitWithdrawal(testDb.db, client, request.id, {
        actorId: approver,
        source: "user",
      });
      await expect
        .poll(
          async () =>
            (await testDb.db.select().from(withdrawals).where(eq(withdrawals.id, request.id)))[0]?.state,
        )
        .toBe("submitting");
      // A loop round long after a fixed two-minute lease would have run out, well inside this one.
      const round = await resubmitDueWithdrawals(testDb.db, client, 20, new Date(Date.now() + 130_000));
      expect(round).toEqual([]);
      expect(await submitting).toMatchObject({ result: "submitted" });
      expect(most).toBe(1);
      expect(posts).toBe(1);
    } finally {
      await control("DELETE", "/faults");
    }
  });
});
