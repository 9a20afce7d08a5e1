import { coinDecimals } from "@/lib/currencies/coin-precision";
import { isCryptoCurrency } from "@/lib/currencies/crypto";
import { fiatMinorUnits } from "@/lib/currencies/fiat";

export { fiatMinorUnits };

/**
 * Money written as money: grouping and the decimal mark of the person's number format, a fiat
 * currency's own minor units (JPY 0, EUR 2, KWD 3, from Intl's ISO 4217 data), a coin's own
 * precision with trailing zeros trimmed, and always the unit. Amounts stay decimal strings:
 * Intl formats a string exactly, with no float in between.
 */
const MIN_CRYPTO_DECIMALS = 2;

/** Made once per locale and number of decimals: making one costs far more than using it. */
const numberFormats = new Map<string, Intl.NumberFormat>();

function formatNumber(amount: string, locale: string, minimum: number, maximum: number): string {
  const key = `${locale} ${minimum} ${maximum}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: minimum,
      maximumFractionDigits: maximum,
      useGrouping: true,
    });
    numberFormats.set(key, format);
  }
  // Intl formats a decimal string exactly (ES2023); typed as number only in older lib files.
  return format.format(amount as unknown as number);
}

/** "1,234.50 EUR", "12,500 JPY", "1.234,50 EUR" in de-DE. */
export function formatFiat(amount: string, currency: string, locale: string): string {
  const minor = fiatMinorUnits(currency);
  return `${formatNumber(amount, locale, minor, minor)} ${currency}`;
}

/** "19.565217 USDT", "150.00 USDT", "0.00012 BTC": the coin's precision, zeros trimmed to two. */
export function formatCrypto(
  amount: string,
  coin: string,
  locale: string,
  precision = coinDecimals(coin),
): string {
  const minimum = Math.min(MIN_CRYPTO_DECIMALS, precision);
  return `${formatNumber(amount, locale, minimum, precision)} ${coin}`;
}

/** An amount in whatever unit it has: a listed coin as crypto, anything else as fiat. */
export function formatMoney(amount: string, unit: string, locale: string): string {
  return isCryptoCurrency(unit) ? formatCrypto(amount, unit, locale) : formatFiat(amount, unit, locale);
}
