import "server-only";
import Decimal from "decimal.js";
import type { DbOrTx } from "@/lib/db/types";
import { moneyWithMeaning } from "@/lib/display/money-meaning";
import { formatCrypto, formatFiat } from "@/lib/display/money";
import { DEFAULT_LOCALE } from "@/lib/display/preferences";
import { notify } from "./notify";
import { peopleWhoMay } from "./recipients";

const TOLD = {
  paid: "was paid",
  overpaid: "was overpaid",
  underpaid: "was underpaid",
  expired: "expired",
} as const;

export interface NotifiedInvoice {
  id: string;
  orderId: string;
  createdBy: string | null;
  amount: string;
  fiatCurrency: string;
  paidCryptoAmount: string | null;
  cryptoAmount: string | null;
  currency: string | null;
}

/** An invoice reached paid, overpaid, underpaid or expired: its creator is told. */
export async function notifyInvoiceStatus(
  db: DbOrTx,
  invoice: NotifiedInvoice,
  status: string,
): Promise<void> {
  if (!(status in TOLD) || !invoice.createdBy) return;
  const recipients = await peopleWhoMay(db, "invoices:view", [invoice.createdBy]);
  // Money as money, in the default number format: a notification is read by many people.
  const paid =
    invoice.paidCryptoAmount && invoice.currency
      ? `: ${formatCrypto(invoice.paidCryptoAmount, invoice.currency, DEFAULT_LOCALE)}${
          invoice.cryptoAmount
            ? ` of ${formatCrypto(invoice.cryptoAmount, invoice.currency, DEFAULT_LOCALE)}`
            : ""
        }`
      : "";
  await notify(db, recipients, {
    kind: `invoice.${status}`,
    object: { type: "invoice", id: invoice.id },
    message: `Invoice ${invoice.orderId} (${formatFiat(invoice.amount, invoice.fiatCurrency, DEFAULT_LOCALE)}) ${TOLD[status as keyof typeof TOLD]}${status === "expired" ? "" : paid}.${meaningOf(invoice, status)}`,
    dedupeKey: `invoice:${invoice.id}:${status}`,
    ...(status === "overpaid" || status === "underpaid"
      ? { mailCategory: "invoice_exception" as const }
      : {}),
  });
}

/** " Overpaid by 25.00 USDT." or " Short by 3.20 USDT.": what the difference is, said as such. */
function meaningOf(invoice: NotifiedInvoice, status: string): string {
  if (!invoice.paidCryptoAmount || !invoice.cryptoAmount || !invoice.currency) return "";
  const difference = new Decimal(invoice.paidCryptoAmount).minus(invoice.cryptoAmount);
  const meaning = status === "overpaid" ? "overpaid" : status === "underpaid" ? "short" : null;
  if (!meaning || difference.isZero()) return "";
  const phrase = moneyWithMeaning(meaning, difference.abs().toFixed(), invoice.currency, DEFAULT_LOCALE);
  return ` ${phrase}.`;
}
