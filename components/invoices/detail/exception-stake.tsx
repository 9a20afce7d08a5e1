"use client";

import { useDisplay } from "@/components/display/display-provider";
import type { ExceptionStake } from "@/lib/exceptions/exception-stake";

/** "Overpaid by 19.565217 USDT (≈ 18.00 EUR)", "Missing 1.00 USDT (≈ 0.92 EUR)": what is at stake first. */
export function ExceptionStakeLine({ stake }: { stake: ExceptionStake }) {
  const display = useDisplay();
  // Amounts never break inside: "(≈ 18.00 EUR)" stays whole on a phone.
  const crypto = <span className="whitespace-nowrap">{display.crypto(stake.crypto, stake.currency)}</span>;
  const fiat = stake.fiat ? (
    <>
      {" "}
      <span className="whitespace-nowrap">(≈ {display.fiat(stake.fiat, stake.fiatCurrency)})</span>
    </>
  ) : null;
  return (
    <p className="text-lg font-semibold" data-testid="stake">
      {stake.kind === "overpaid" ? (
        <>
          Overpaid by {crypto}
          {fiat}
        </>
      ) : stake.kind === "underpaid" ? (
        <>
          Missing {crypto}
          {fiat}
        </>
      ) : (
        <>
          Paid {crypto}
          {fiat} after it expired
        </>
      )}
    </p>
  );
}
