import Decimal from "decimal.js";
import type { DailyVolume } from "./dashboard";

/** One series per fiat currency with a point for every day (zero where nothing was paid). */
export function volumeSeries(rows: DailyVolume[], days: string[]) {
  const currencies = [...new Set(rows.map((row) => row.fiatCurrency))].sort();
  return currencies.map((currency) => {
    const byDay = new Map(
      rows.filter((row) => row.fiatCurrency === currency).map((row) => [row.day, row.amount]),
    );
    return {
      currency,
      points: days.map((day) => {
        const amount = byDay.get(day) ?? "0";
        return { day, label: amount, height: new Decimal(amount).toNumber() };
      }),
    };
  });
}

export function lastDays(count: number, today = new Date()): string[] {
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (count - 1 - index)),
    );
    return date.toISOString().slice(0, 10);
  });
}
