import { randomBytes } from "node:crypto";

export function newWithdrawalOrderId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  return `wd_${stamp}_${randomBytes(5).toString("hex")}`;
}
