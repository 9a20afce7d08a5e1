/**
 * What the invoice form offers. The service's list of supported fiat currencies is not published
 * (service-api.md: "ISO 4217 code from the list of supported fiat currencies"); these are the ones
 * the embedded sandbox supports. The service has the last word: an unsupported one comes back as
 * a 422 on the field.
 */
export const FIAT_CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "CHF",
  "PLN",
  "TRY",
  "BRL",
  "RUB",
  "UAH",
  "KZT",
  "JPY",
  "CNY",
  "INR",
  "AED",
] as const;

/** Crypto currencies and the networks each is offered on, for fixing the method at creation. */
export const CRYPTO_NETWORKS: Record<string, readonly string[]> = {
  USDT: ["TRON", "ETH", "BSC"],
  USDC: ["ETH"],
  BTC: ["BTC"],
  ETH: ["ETH"],
  LTC: ["LTC"],
  TRX: ["TRON"],
};

export const LIFETIME_PRESETS = [
  { seconds: 300, label: "5 minutes" },
  { seconds: 900, label: "15 minutes" },
  { seconds: 1800, label: "30 minutes" },
  { seconds: 3600, label: "1 hour (default)" },
  { seconds: 7200, label: "2 hours" },
  { seconds: 21600, label: "6 hours" },
  { seconds: 43200, label: "12 hours" },
] as const;
