import { newFormToken } from "@/lib/order-id";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withdrawals } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { startSandboxOnCopiedPglite } from "@/lib/sandbox/test/sandbox-on-copied-pglite";
import { createServiceClient } from "@/lib/service";
import { createUser } from "@/lib/users/manage-users";
import { approveWithdrawal } from "./decide";
import { requestWithdrawal } from "./request-withdrawal";
import { resubmitDueWithdrawals } from "./resubmit-due";
import { sendAgain } from "./send-again";
import { submitWithdrawal } from "./submit-withdrawal";
import { STILL_SENDING } from "./describe-submit";
import { submitAndAnswer } from "./submit-and-answer";

const KEYS = { invoiceKey: "wd-invoice-key", withdrawalKey: "wd-withdrawal-key" };
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
let testDb: TestDb;
let sandbox: Awaited<ReturnType<typeof startSandboxOnCopiedPglite>>;
let requester: string;
let approvers: string[];

const control = (method: string, path: string, body?: object) =>
  fetch(`${sandbox.url}/control${path}`, {
    method,
    headers: { Authorization: `Bearer ${KEYS.invoiceKey}`, "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
const balance = async () => {
  const body = (await (await control("GET", "/balances")).json()) as {
    balances: { currency: string; amount: string }[];
  };
  return body.balances.find((entry) => entry.currency === "USDT")?.amount ?? "0";
};
const client = (timeoutMs = 2_000) =>
  createServiceClient({ baseUrl: sandbox.url, ...KEYS, timeoutMs, retry: { attempts: 1 } });

const form = (amount: string) => ({
  requestToken: newFormToken(),
  amountIn: "crypto" as const,
  amount,
  fiatAmount: "",
  fiatCurrency: "",
  currency: "USDT",
  network: "TRON",
  address: ADDRESS,
  isSubtract: true,
  customerId: "",
  reason: "test payout",
});

beforeAll(async () => {
  testDb = await createTestDb();
  sandbox = await startSandboxOnCopiedPglite({ port: 0, demoMerchant: KEYS });
  const make = (email: string, role: "support" | "finance") =>
    createUser(testDb.db, { email, name: email, role, password: "a-long-password-1" }).then(
      (user) => user.id,
    );
  requester = await make("support@example.com", "support");
  approvers = await Promise.all([make("f1@example.com", "finance"), make("f2@example.com", "finance")]);
});
afterAll(async () => {
  await sandbox.close();
  await testDb.close();
});
beforeEach(async () => {
  await control("DELETE", "/faults");
  await testDb.db.delete(withdrawals);
});

describe("submitting withdrawals exactly once", () => {
  it("50 concurrent approve-and-submit attempts on one request create one payout", async () => {
    await control("PUT", "/balances/USDT", { amount: "1000" });
    const request = await requestWithdrawal(testDb.db, form("10"), requester);
    const attempts = Array.from({ length: 50 }, async (_, index) => {
      const approver = approvers[index % 2] as string;
      await approveWithdrawal(testDb.db, request.id, approver).catch(() => null);
      return submitWithdrawal(testDb.db, client(), request.id, { actorId: approver, source: "user" });
    });
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((outcome) => outcome.result === "submitted")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.result === "not_mine")).toHaveLength(49);
    // 10 USDT plus the TRON fee of 1, debited once.
    expect(await balance()).toBe("989");
  });

  it("insufficient funds leaves the balance and the request consistent, and a retry after a top-up pays once", async () => {
    await control("PUT", "/balances/USDT", { amount: "5" });
    const request = await requestWithdrawal(testDb.db, form("10"), requester);
    await approveWithdrawal(testDb.db, request.id, approvers[0] as string);
    const failed = await submitWithdrawal(testDb.db, client(), request.id, { source: "user" });
    expect(failed).toMatchObject({
      result: "failed",
      withdrawal: { state: "failed", failureKind: "insufficient_funds" },
    });
    expect(await balance()).toBe("5");

    await control("PUT", "/balances/USDT", { amount: "100" });
    // Sending a refused payout again is not a click: it goes back for fresh approvals, never the requester's.
    expect(await submitWithdrawal(testDb.db, client(), request.id, { source: "user" })).toEqual({
      result: "not_mine",
    });
    await expect(sendAgain(testDb.db, request.id, requester)).rejects.toThrow(/finance/);
    expect(await sendAgain(testDb.db, request.id, approvers[1] as string)).toMatchObject({
      kind: "reopened",
      withdrawal: { state: "awaiting_approval", orderId: request.orderId },
    });
    expect(await approveWithdrawal(testDb.db, request.id, approvers[1] as string)).toMatchObject({
      fullyApproved: true,
    });
    const retried = await submitWithdrawal(testDb.db, client(), request.id, { source: "user" });
    expect(retried).toMatchObject({ result: "submitted" });
    expect(await balance()).toBe("89");
  });

  it("takes over a submission whose sender died, and an approval nobody sent, each paid once", async () => {
    await control("PUT", "/balances/USDT", { amount: "100" });
    const stuck = await requestWithdrawal(testDb.db, form("5"), requester);
    await approveWithdrawal(testDb.db, stuck.id, approvers[0] as string);
    await control("POST", "/faults", { drop_after_commit_rate: 1 });
    // A sender that claimed the row and died during the call: the service has the payout.
    await testDb.db
      .update(withdrawals)
      .set({ state: "submitting", nextSubmitAt: sql`now() - interval '1 second'` })
      .where(eq(withdrawals.id, stuck.id));
    await client()
      .createWithdrawal({
        orderId: stuck.orderId,
        amount: "5",
        currency: "USDT",
        network: "TRON",
        address: ADDRESS,
        isSubtract: true,
      })
      .catch(() => null);
    await control("DELETE", "/faults");
    const orphan = await requestWithdrawal(testDb.db, form("5"), requester);
    await approveWithdrawal(testDb.db, orphan.id, approvers[1] as string);
    await testDb.db
      .update(withdrawals)
      .set({ updatedAt: sql`now() - interval '2 minutes'` })
      .where(eq(withdrawals.id, orphan.id));

    const outcomes = await resubmitDueWithdrawals(testDb.db, client(), 10);
    expect(outcomes.map((outcome) => outcome.result).sort()).toEqual(["submitted", "submitted"]);
    expect(await balance()).toBe("88"); // two payouts of 5 + fee 1, each once
  });

  it("after an unknown outcome, a refusal keeps it unknown instead of failed: the payout may exist", async () => {
    await control("PUT", "/balances/USDT", { amount: "100" });
    const request = await requestWithdrawal(testDb.db, form("5"), requester);
    await approveWithdrawal(testDb.db, request.id, approvers[0] as string);
    await control("POST", "/faults", { drop_after_commit_rate: 1 });
    expect(await submitWithdrawal(testDb.db, client(), request.id, { source: "user" })).toMatchObject({
      result: "unknown",
    });
    await control("DELETE", "/faults");
    const wrongKey = createServiceClient({
      baseUrl: sandbox.url,
      invoiceKey: KEYS.invoiceKey,
      withdrawalKey: "rotated",
      retry: { attempts: 1 },
    });
    expect(await submitWithdrawal(testDb.db, wrongKey, request.id, { source: "loop" })).toMatchObject({
      result: "unknown",
      withdrawal: { state: "unknown", failureKind: "unauthorized" },
    });
    expect(await submitWithdrawal(testDb.db, client(), request.id, { source: "loop" })).toMatchObject({
      result: "submitted",
    });
    expect(await balance()).toBe("94");
  });

  it.each([
    ["a dropped connection after commit", { drop_after_commit_rate: 0.5 }, 2_000],
    ["5xx answers", { error_rate: 0.5 }, 2_000],
    ["latency beyond the timeout", { latency_ms: 400 }, 250],
  ])(
    "with %s, 100 requests end as exactly 100 payouts, none doubled",
    async (_name, faults, timeoutMs) => {
      await control("PUT", "/balances/USDT", { amount: "100000" });
      const ids: string[] = [];
      for (let i = 0; i < 100; i++) {
        const request = await requestWithdrawal(testDb.db, form("1"), requester);
        await approveWithdrawal(testDb.db, request.id, approvers[i % 2] as string);
        ids.push(request.id);
      }
      await control("POST", "/faults", faults);
      // Twenty at a time, as several people and instances would.
      for (let start = 0; start < ids.length; start += 20) {
        await Promise.all(
          ids
            .slice(start, start + 20)
            .map((id) => submitWithdrawal(testDb.db, client(timeoutMs), id, { source: "user" })),
        );
      }
      await control("DELETE", "/faults");
      const firstPass = await testDb.db.select().from(withdrawals).where(eq(withdrawals.state, "unknown"));
      expect(firstPass.length).toBeGreaterThan(0); // the faults really struck

      for (let round = 0; round < 10; round++) {
        await testDb.db
          .update(withdrawals)
          .set({ nextSubmitAt: sql`now()` })
          .where(eq(withdrawals.state, "unknown"));
        const outcomes = await resubmitDueWithdrawals(testDb.db, client(), 500, new Date(Date.now() + 1_000));
        if (outcomes.length === 0) break;
      }
      const rows = await testDb.db.select().from(withdrawals);
      expect(rows.filter((row) => row.state === "submitted")).toHaveLength(100);
      expect(new Set(rows.map((row) => row.serviceId)).size).toBe(100);
      // Each payout debits 1 USDT plus the fee of 1, exactly once.
      expect(await balance()).toBe(String(100000 - 100 * 2));
    },
    120_000,
  );
});

describe("the approver's answer", () => {
  it("a slow service: the answer comes at once, says the payout is still being sent, and the send carries on", async () => {
    await control("PUT", "/balances/USDT", { amount: "100" });
    await control("POST", "/faults", { latency_ms: 1_500 });
    const request = await requestWithdrawal(testDb.db, form("3"), requester);
    await approveWithdrawal(testDb.db, request.id, approvers[0] as string);
    const started = Date.now();
    const { answer, outcome } = await submitAndAnswer(
      testDb.db,
      client(5_000),
      request.id,
      approvers[0] as string,
      200,
    );
    expect(Date.now() - started).toBeLessThan(1_500);
    expect({ answer, outcome }).toEqual({ answer: STILL_SENDING, outcome: null });
    await expect
      .poll(
        async () =>
          (await testDb.db.select().from(withdrawals).where(eq(withdrawals.id, request.id)))[0]?.state,
        {
          timeout: 10_000,
        },
      )
      .toBe("submitted");
    expect(await balance()).toBe("96");
  });

  it("a refusal is an error, not a success", async () => {
    await control("PUT", "/balances/USDT", { amount: "1" });
    const request = await requestWithdrawal(testDb.db, form("30"), requester);
    await approveWithdrawal(testDb.db, request.id, approvers[0] as string);
    const { answer } = await submitAndAnswer(testDb.db, client(), request.id, approvers[0] as string);
    expect(answer.outcome).toBe("error");
    expect(answer.message).toMatch(/^Approved, but the payment service refused it: /);
  });
});
