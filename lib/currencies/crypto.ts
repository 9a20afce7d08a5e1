/** Crypto currencies and the networks each is offered on (an invoice's fixed method, a payout). */
export const CRYPTO_NETWORKS: Record<string, readonly string[]> = {
  USDT: ["TRON", "ETH", "BSC"],
  USDC: ["ETH"],
  BTC: ["BTC"],
  ETH: ["ETH"],
  LTC: ["LTC"],
  TRX: ["TRON"],
};
