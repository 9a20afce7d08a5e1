// Test support: withdrawal rows in any state, with only what a test reads set. Not imported by
// application code.
import { sql } from "drizzle-orm";
import { users, withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { newFormToken } from "@/lib/order-id";
import { withdrawalResponseSchema } from "@/lib/service/responses";
import type { ValidWithdrawalForm } from "@/lib/withdrawals/form-schema";
import { syncPayoutBooks } from "@/lib/ledger/sync-payout";

export const TEST_TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

type NewWithdrawal = typeof withdrawals.$inferInsert;

export interface TestWithdrawal extends Partial<Omit<NewWithdrawal, "createdAt">> {
  orderId: string;
  /** Full-precision timestamptz literal, e.g. "2025-03-01T10:00:00.000001Z"; default now. */
  createdAt?: string;
}

export async function seedRequester(db: Db, email = `req${Date.now()}${Math.random()}@example.test`) {
  const [row] = await db
    .insert(users)
    .values({ email, name: "Requester", role: "support", passwordHash: "x" })
    .returning({ id: users.id });
  if (!row) throw new Error("seedRequester: nothing inserted");
  return row.id;
}

export async function insertWithdrawals(
  db: Db,
  requestedBy: string,
  rows: TestWithdrawal[],
): Promise<Withdrawal[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(withdrawals)
    .values(
      rows.map(({ createdAt, ...row }) => ({
        requestToken: row.orderId,
        state: "submitted" as const,
        amount: "10",
        currency: "USDT",
        network: "TRON",
        address: TEST_TRON_ADDRESS,
        isSubtract: true,
        reason: "test payout",
        requestedBy,
        // An explicit undefined means "the default" here, not "no value".
        ...(Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) as typeof row),
        ...(createdAt ? { createdAt: sql`${createdAt}::timestamptz` } : {}),
      })),
    )
    .returning();
  // Written past requestWithdrawal and transition(), so the books follow here.
  for (const row of inserted) await syncPayoutBooks(db, row, { kind: "repair" });
  return inserted;
}

export async function seedWithdrawal(db: Db, requestedBy: string, row: TestWithdrawal): Promise<Withdrawal> {
  const [created] = await insertWithdrawals(db, requestedBy, [row]);
  if (!created) throw new Error("seedWithdrawal: nothing inserted");
  return created;
}

/** A request form as a person would send it: 10 USDT on TRON, its own fresh token. */
export function openedWithdrawalForm(overrides: Partial<ValidWithdrawalForm> = {}): ValidWithdrawalForm {
  return {
    requestToken: newFormToken(),
    amountIn: "crypto",
    amount: "10",
    fiatAmount: "",
    fiatCurrency: "",
    currency: "USDT",
    network: "TRON",
    address: TEST_TRON_ADDRESS,
    isSubtract: true,
    customerId: "",
    reason: "refund of order 17",
    ...overrides,
  };
}

/** The service's answer to a creation, as its client reads it: the payout as asked, `status` ("process" unless said). */
export function serviceAnswer(
  input: { orderId: string; address: string; amount?: string },
  status = "process",
) {
  const now = new Date().toISOString();
  return withdrawalResponseSchema.parse({
    id: `svc_${input.orderId}`,
    order_id: input.orderId,
    status,
    amount: input.amount,
    address: input.address,
    currency: "USDT",
    network: "TRON",
    created_at: now,
    updated_at: now,
  });
}
