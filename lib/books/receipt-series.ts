import { Money } from "@/lib/ledger/money";
import type { DayReceipts } from "./received-by-day";

export interface ReceiptPoint {
  day: string;
  /** Decimal strings: what arrived, what refunds sent back, and the difference (below zero on a day refunds outweigh). */
  received: string;
  refunded: string;
  net: string;
}

export interface CoinReceipts {
  currency: string;
  network: string;
  /** A point for every day asked for, zero where nothing moved. */
  points: ReceiptPoint[];
  totals: { received: string; refunded: string; net: string };
}

/** One series per coin (currency and network), in order, with the period's totals. */
export function receiptSeries(rows: readonly DayReceipts[], days: readonly string[]): CoinReceipts[] {
  const coins = new Map<string, { currency: string; network: string; byDay: Map<string, DayReceipts> }>();
  for (const row of rows) {
    const key = `${row.currency}\u0000${row.network}`;
    const coin = coins.get(key) ?? { currency: row.currency, network: row.network, byDay: new Map() };
    coin.byDay.set(row.day, row);
    coins.set(key, coin);
  }
  return [...coins.values()]
    .sort((a, b) => a.currency.localeCompare(b.currency) || a.network.localeCompare(b.network))
    .map(({ currency, network, byDay }) => {
      let received = new Money(0);
      let refunded = new Money(0);
      const points = days.map((day) => {
        const row = byDay.get(day);
        const dayReceived = new Money(row?.received ?? 0);
        const dayRefunded = new Money(row?.refunded ?? 0);
        received = received.plus(dayReceived);
        refunded = refunded.plus(dayRefunded);
        return {
          day,
          received: dayReceived.toFixed(),
          refunded: dayRefunded.toFixed(),
          net: dayReceived.minus(dayRefunded).toFixed(),
        };
      });
      return {
        currency,
        network,
        points,
        totals: {
          received: received.toFixed(),
          refunded: refunded.toFixed(),
          net: received.minus(refunded).toFixed(),
        },
      };
    });
}
