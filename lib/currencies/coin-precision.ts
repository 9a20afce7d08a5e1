import Decimal from "decimal.js";
import { CRYPTO_DECIMALS } from "./crypto";

/**
 * The one rule for crypto amounts that money decisions compare: a coin carries this many decimals
 * at the service (an unknown coin 8), and any amount is taken at that precision, rounded down,
 * since nothing smaller can be sent. What a customer paid beyond it (0.123456789 ETH) can never
 * be refunded, so it is never counted as owed: a refund of all that can be sent settles it.
 */
export function coinDecimals(currency: string): number {
  return CRYPTO_DECIMALS[currency] ?? 8;
}

/** The amount at the coin's precision, rounded down: what can actually be sent of it. */
export function atCoinPrecision(amount: Decimal.Value, currency: string): Decimal {
  return new Decimal(amount).toDecimalPlaces(coinDecimals(currency), Decimal.ROUND_DOWN);
}
