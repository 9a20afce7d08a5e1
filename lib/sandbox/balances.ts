/** Merchant balances, one per crypto currency (all networks share it). Updates are single atomic statements. */
import Decimal from "decimal.js";
import { and, eq, gte, sql } from "drizzle-orm";
import { balances } from "./db/schema";
import type { SandboxDb } from "./context";

export async function creditBalance(
  db: SandboxDb,
  merchantId: string,
  currency: string,
  amount: Decimal,
  at: Date,
) {
  await db
    .insert(balances)
    .values({ merchantId, currency, amount: amount.toFixed(), updatedAt: at })
    .onConflictDoUpdate({
      target: [balances.merchantId, balances.currency],
      set: { amount: sql`${balances.amount} + ${amount.toFixed()}::numeric`, updatedAt: at },
    });
}

/** Debits only when the balance covers the amount; returns whether it did. */
export async function debitBalance(
  db: SandboxDb,
  merchantId: string,
  currency: string,
  amount: Decimal,
  at: Date,
) {
  const rows = await db
    .update(balances)
    .set({ amount: sql`${balances.amount} - ${amount.toFixed()}::numeric`, updatedAt: at })
    .where(
      and(
        eq(balances.merchantId, merchantId),
        eq(balances.currency, currency),
        gte(balances.amount, amount.toFixed()),
      ),
    )
    .returning({ amount: balances.amount });
  return rows.length > 0;
}

export async function setBalance(
  db: SandboxDb,
  merchantId: string,
  currency: string,
  amount: Decimal,
  at: Date,
) {
  await db
    .insert(balances)
    .values({ merchantId, currency, amount: amount.toFixed(), updatedAt: at })
    .onConflictDoUpdate({
      target: [balances.merchantId, balances.currency],
      set: { amount: amount.toFixed(), updatedAt: at },
    });
}

export async function listBalances(db: SandboxDb, merchantId: string) {
  const rows = await db
    .select({ currency: balances.currency, amount: balances.amount })
    .from(balances)
    .where(eq(balances.merchantId, merchantId))
    .orderBy(balances.currency);
  return rows.map((r) => ({ currency: r.currency, amount: new Decimal(r.amount).toFixed() }));
}
