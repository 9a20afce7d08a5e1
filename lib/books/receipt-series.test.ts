import { describe, expect, it } from "vitest";
import { receiptSeries } from "./receipt-series";

const row = (day: string, currency: string, network: string, received: string, refunded = "0") => ({
  day,
  currency,
  network,
  received,
  refunded,
});

describe("receiptSeries", () => {
  it("gives each coin a point for every day, zero where nothing moved, and the period's totals exactly", () => {
    const series = receiptSeries(
      [
        row("2026-03-02", "USDT", "TRON", "0.1"),
        row("2026-03-01", "BTC", "BTC", "0.00000001"),
        row("2026-03-01", "USDT", "TRON", "0.2", "0.05"),
        row("2026-03-01", "USDT", "ETH", "5"),
      ],
      ["2026-03-01", "2026-03-02", "2026-03-03"],
    );
    expect(series.map((coin) => `${coin.currency} ${coin.network}`)).toEqual([
      "BTC BTC",
      "USDT ETH",
      "USDT TRON",
    ]);
    const tron = series[2];
    expect(tron?.points).toEqual([
      { day: "2026-03-01", received: "0.2", refunded: "0.05", net: "0.15" },
      { day: "2026-03-02", received: "0.1", refunded: "0", net: "0.1" },
      { day: "2026-03-03", received: "0", refunded: "0", net: "0" },
    ]);
    // 0.1 + 0.2 in floats is 0.30000000000000004.
    expect(tron?.totals).toEqual({ received: "0.3", refunded: "0.05", net: "0.25" });
  });

  it("shows a day refunds outweigh as a negative net", () => {
    const [coin] = receiptSeries([row("2026-03-01", "USDT", "TRON", "1", "3")], ["2026-03-01"]);
    expect(coin?.totals.net).toBe("-2");
  });
});
