"use client";

import type { MoneyMeaning } from "@/lib/display/money-meaning";
import { useDisplay } from "./display-provider";

/**
 * An amount as money in the person's number format: "1,234.50 EUR", "19.565217 USDT"; with a
 * meaning, it says what it is: "Overpaid by 25.00 EUR", "Short by 3.20 USDT".
 */
export function Money({
  amount,
  unit,
  meaning,
  className,
}: {
  amount: string;
  unit: string;
  meaning?: MoneyMeaning;
  className?: string;
}) {
  const display = useDisplay();
  return (
    <span className={className} data-amount={amount}>
      {meaning ? display.moneyMeaning(meaning, amount, unit) : display.money(amount, unit)}
    </span>
  );
}
