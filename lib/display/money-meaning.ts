import { formatMoney } from "./money";

/**
 * An amount that says what it is: the excess of an overpayment, what is missing of an
 * underpayment, what came after an invoice expired. Home, the worklist and notifications write
 * amounts at stake only through this, never a bare "25 EUR".
 */
export type MoneyMeaning = "overpaid" | "short" | "paid_after_expiry";

const PHRASES: Record<MoneyMeaning, string> = {
  overpaid: "Overpaid by",
  short: "Short by",
  paid_after_expiry: "Paid after expiry:",
};

export function moneyWithMeaning(
  meaning: MoneyMeaning,
  amount: string,
  unit: string,
  locale: string,
): string {
  return `${PHRASES[meaning]} ${formatMoney(amount, unit, locale)}`;
}
