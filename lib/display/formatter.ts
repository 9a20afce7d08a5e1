import { formatCrypto, formatFiat, formatMoney } from "./money";
import { moneyWithMeaning, type MoneyMeaning } from "./money-meaning";
import type { DisplayPreferences } from "./preferences";
import { dayIn, formatDate, formatDateTime, formatRelative, formatTimeOfDay } from "./time";

/**
 * Every formatter bound to one person's preferences: the one object the server (currentDisplay)
 * and the browser (useDisplay) both hand out, so a value renders the same in either place.
 */
export function displayFormatter(prefs: DisplayPreferences) {
  const { timeZone, locale } = prefs;
  return {
    prefs,
    dateTime: (moment: string | Date, options?: { seconds?: boolean }) =>
      formatDateTime(moment, timeZone, options),
    date: (moment: string | Date) => formatDate(moment, timeZone),
    timeOfDay: (moment: string | Date) => formatTimeOfDay(moment, timeZone),
    relative: (moment: string | Date, now?: Date) => formatRelative(moment, now),
    today: (now: Date = new Date()) => dayIn(now, timeZone),
    fiat: (amount: string, currency: string) => formatFiat(amount, currency, locale),
    crypto: (amount: string, coin: string) => formatCrypto(amount, coin, locale),
    money: (amount: string, unit: string) => formatMoney(amount, unit, locale),
    /** "Overpaid by 25.00 EUR", "Short by 3.20 USDT". */
    moneyMeaning: (meaning: MoneyMeaning, amount: string, unit: string) =>
      moneyWithMeaning(meaning, amount, unit, locale),
  };
}

export type DisplayFormatter = ReturnType<typeof displayFormatter>;
