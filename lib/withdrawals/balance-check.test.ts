import { describe, expect, it } from "vitest";
import { balanceAfter, findBalance, type KnownBalance } from "./balance-check";

const usdt: KnownBalance = {
  currency: "USDT",
  network: "TRON",
  balance: "241.84",
  committed: "40",
  source: "ledger",
  asOf: "2026-11-28T12:00:00Z",
};

describe("the balance a payout draws on", () => {
  it("is what the ledger holds less what approved payouts take, then this one", () => {
    expect(balanceAfter(usdt, "100")).toEqual({ after: "101.84", shortBy: null });
    expect(balanceAfter(usdt, "201.84")).toEqual({ after: "0", shortBy: null });
  });

  it("says by how much a payout is above it, in exact decimals", () => {
    expect(balanceAfter(usdt, "100000")).toEqual({ after: "-99798.16", shortBy: "99798.16" });
    expect(balanceAfter(usdt, "201.840000000000000001")?.shortBy).toBe("0.000000000000000001");
  });

  it("counts a coin Paydesk never held as zero, and waits for a number", () => {
    expect(balanceAfter(null, "1")).toEqual({ after: "-1", shortBy: "1" });
    expect(balanceAfter(usdt, "")).toBeNull();
    expect(balanceAfter(usdt, "12,5")).toBeNull();
  });

  it("is found by coin and network", () => {
    expect(findBalance([usdt], "USDT", "TRON")).toBe(usdt);
    expect(findBalance([usdt], "USDT", "ETH")).toBeNull();
  });
});
