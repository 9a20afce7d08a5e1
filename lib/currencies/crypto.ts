/** Crypto currencies and the networks each is offered on (an invoice's fixed method, a payout). */
export const CRYPTO_NETWORKS: Record<string, readonly string[]> = {
  USDT: ["TRON", "ETH", "BSC"],
  USDC: ["ETH"],
  BTC: ["BTC"],
  ETH: ["ETH"],
  LTC: ["LTC"],
  TRX: ["TRON"],
};

/**
 * How many decimals each coin's amounts carry at the service (the embedded sandbox's figures;
 * the spec does not publish them): an amount with more cannot be paid out as written.
 */
export const CRYPTO_DECIMALS: Record<string, number> = {
  USDT: 6,
  USDC: 6,
  BTC: 8,
  ETH: 8,
  LTC: 8,
  TRX: 6,
};

export function isCryptoCurrency(code: string): boolean {
  return Object.hasOwn(CRYPTO_NETWORKS, code);
}

/** Why this currency and network cannot go together, per field; empty when they can. */
export function paymentMethodIssues(
  currency: string,
  network: string,
): { currency?: string; network?: string } {
  if (!isCryptoCurrency(currency)) return { currency: "Choose one of the listed crypto currencies." };
  const networks = CRYPTO_NETWORKS[currency] ?? [];
  if (!networks.includes(network)) {
    return { network: `${currency} is offered on ${networks.join(", ")}: choose one of those networks.` };
  }
  return {};
}
