"use client";

import { useDisplay } from "./display-provider";

/** An amount as money in the person's number format: "1,234.50 EUR", "19.565217 USDT". */
export function Money({ amount, unit, className }: { amount: string; unit: string; className?: string }) {
  const display = useDisplay();
  return (
    <span className={className} data-amount={amount}>
      {display.money(amount, unit)}
    </span>
  );
}
