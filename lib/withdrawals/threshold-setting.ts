import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { settings } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { ApprovalThreshold } from "./approval-policy";

/** Where the two-approver threshold is kept (settings.ts changes it, under dual control). */
export const THRESHOLD_KEY = "withdrawals.two_approvals_above";
const thresholdSchema = z.object({ amount: z.string(), fiatCurrency: z.string() });

export async function getApprovalThreshold(db: DbOrTx): Promise<ApprovalThreshold | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, THRESHOLD_KEY));
  const parsed = thresholdSchema.safeParse(row?.value);
  return parsed.success ? { amount: parsed.data.amount, fiatCurrency: parsed.data.fiatCurrency } : null;
}
