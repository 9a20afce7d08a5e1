"use client";

import { useDisplay } from "@/components/display/display-provider";
import type { FiatValue } from "@/lib/withdrawals/fiat-value";

/**
 * A payout's worth in fiat in words, with where the rate came from and when; "Fiat value not
 * known" when the service has given Paydesk no rate for the coin (none is made up).
 */
export function FiatValueText({ value, coin }: { value: FiatValue; coin: string }) {
  const display = useDisplay();
  return (
    <span data-testid="fiat-value">
      {value.kind === "asked" ? (
        <>
          <strong className="font-medium">{display.fiat(value.amount, value.currency)}</strong>, asked in
          fiat: the service converts it to {coin} at its rate when it is sent
        </>
      ) : value.kind === "at-rate" ? (
        <>
          ≈ <strong className="font-medium">{display.fiat(value.amount, value.currency)}</strong>{" "}
          {value.rate.basis === "payment"
            ? `at the rate of its invoice's payment, ${display.dateTime(value.rate.at)}`
            : `at the service's rate of ${display.dateTime(value.rate.at)}`}
        </>
      ) : (
        <>
          Fiat value not known: the service has quoted no rate for {coin}
          {value.currency ? ` in ${value.currency}` : ""} recently
        </>
      )}
    </span>
  );
}
