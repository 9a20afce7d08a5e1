import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { settings } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { ApprovalThreshold } from "./approval-policy";

const KEY = "withdrawals.two_approvals_above";
const thresholdSchema = z.object({ amount: z.string(), fiatCurrency: z.string() });

export async function getApprovalThreshold(db: DbOrTx): Promise<ApprovalThreshold | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  const parsed = thresholdSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

export async function setApprovalThreshold(db: DbOrTx, threshold: ApprovalThreshold | null, userId: string) {
  if (!threshold) {
    await db.delete(settings).where(eq(settings.key, KEY));
    return;
  }
  await db
    .insert(settings)
    .values({ key: KEY, value: threshold, updatedBy: userId })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: threshold, updatedBy: userId, updatedAt: new Date() },
    });
}
