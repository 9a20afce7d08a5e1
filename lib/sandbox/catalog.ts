/**
 * What the sandbox trades in: supported fiat currencies, crypto currencies per network, fixed
 * exchange rates, payout fees and the precision of each coin. Rates are a USD price per coin
 * and a fiat-per-USD table, so every pair is price(coin) × fiatPerUsd(fiat), exactly.
 */
import Decimal from "decimal.js";

export const FIAT_PER_USD = {
  USD: "1",
  EUR: "0.92",
  GBP: "0.79",
  CHF: "0.88",
  PLN: "4",
  TRY: "32",
  BRL: "5",
  RUB: "90",
  UAH: "40",
  KZT: "450",
  JPY: "150",
  CNY: "7.2",
  INR: "83",
  AED: "3.6725",
} as const satisfies Record<string, string>;

export type Fiat = keyof typeof FIAT_PER_USD;
export const FIAT_CURRENCIES = Object.keys(FIAT_PER_USD) as Fiat[];

export const COINS = {
  USDT: { usdPrice: "1", decimals: 6 },
  USDC: { usdPrice: "1", decimals: 6 },
  BTC: { usdPrice: "60000", decimals: 8 },
  ETH: { usdPrice: "3000", decimals: 8 },
  LTC: { usdPrice: "80", decimals: 8 },
  TRX: { usdPrice: "0.12", decimals: 6 },
} as const satisfies Record<string, { usdPrice: string; decimals: number }>;

export type Coin = keyof typeof COINS;
export const COIN_CODES = Object.keys(COINS) as Coin[];

export type Network = "TRON" | "ETH" | "BSC" | "BTC" | "LTC";
export const NETWORKS: Network[] = ["TRON", "ETH", "BSC", "BTC", "LTC"];

/** Supported currency/network pairs and the fixed payout fee (in the coin) for each. */
export const METHODS: { currency: Coin; network: Network; fee: string }[] = [
  { currency: "USDT", network: "TRON", fee: "1" },
  { currency: "USDT", network: "ETH", fee: "5" },
  { currency: "USDT", network: "BSC", fee: "0.3" },
  { currency: "USDC", network: "ETH", fee: "5" },
  { currency: "BTC", network: "BTC", fee: "0.0001" },
  { currency: "ETH", network: "ETH", fee: "0.002" },
  { currency: "LTC", network: "LTC", fee: "0.001" },
  { currency: "TRX", network: "TRON", fee: "1" },
];

export function isFiat(code: string): code is Fiat {
  return Object.hasOwn(FIAT_PER_USD, code);
}

export function isCoin(code: string): code is Coin {
  return Object.hasOwn(COINS, code);
}

export function findMethod(currency: string, network: string) {
  return METHODS.find((m) => m.currency === currency && m.network === network);
}

export function coinDecimals(coin: string): number {
  return isCoin(coin) ? COINS[coin].decimals : 8;
}

/** Price of one coin in the fiat currency. */
export function rate(coin: Coin, fiat: Fiat): Decimal {
  return new Decimal(COINS[coin].usdPrice).times(FIAT_PER_USD[fiat]);
}

/** Fiat → coin. Invoices round up (the payer never underpays); payouts round down. */
export function fiatToCrypto(
  amount: Decimal.Value,
  fiat: Fiat,
  coin: Coin,
  rounding: "up" | "down",
): Decimal {
  return new Decimal(amount)
    .div(rate(coin, fiat))
    .toDecimalPlaces(COINS[coin].decimals, rounding === "up" ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
}

/** Coin → fiat, rounded down to 2 decimals (what the merchant has been paid). */
export function cryptoToFiat(amount: Decimal.Value, coin: Coin, fiat: Fiat): Decimal {
  return new Decimal(amount).times(rate(coin, fiat)).toDecimalPlaces(2, Decimal.ROUND_DOWN);
}
