import { describe, expect, it } from "vitest";
import {
  customerMessage,
  customerMessageKind,
  customerMessageText,
  lifetimeLeft,
  type CustomerFacts,
} from "./customer-message";

const invoice: CustomerFacts = {
  orderId: "cust-1042",
  amount: "49.9",
  fiatCurrency: "EUR",
  payUrl: "https://pay.example/abc",
  expiresAt: "2026-11-25T21:06:00Z",
  currency: "USDT",
  network: "TRON",
  remainingCryptoAmount: null,
  paidCryptoAmount: null,
  paidAt: null,
  refund: null,
};
const text = (kind: Parameters<typeof customerMessage>[0], facts: CustomerFacts, now: Date) =>
  customerMessageText(customerMessage(kind, facts, now));

describe("the message for the customer", () => {
  it("asks for the amount, the link on its own line, with how long it stays valid and until when in UTC", () => {
    expect(text("pay", invoice, new Date("2026-11-25T19:06:00Z"))).toBe(
      [
        "Please pay 49.90 EUR for order cust-1042 on its payment page, which shows the exact amount and the address to send it to:",
        "https://pay.example/abc",
        "The link is valid for 2 hours, until 25 Nov 2026, 21:06 UTC.",
      ].join("\n"),
    );
    expect(text("pay", invoice, new Date("2026-11-25T22:00:00Z"))).toMatch(
      /The link expired on 25 Nov 2026, 21:06 UTC\.$/,
    );
    expect(text("pay", { ...invoice, expiresAt: null }, new Date())).not.toMatch(/valid|expired/);
  });

  it("on an underpaid invoice asks only for what is missing, never the whole amount again", () => {
    const rest = text(
      "pay_rest",
      { ...invoice, remainingCryptoAmount: "40.5" },
      new Date("2026-11-25T20:06:00Z"),
    );
    expect(rest).toContain("40.50 USDT is still missing");
    expect(rest).toContain("send only the remaining 40.50 USDT on TRON, to the same address");
    expect(rest).toContain("https://pay.example/abc");
    expect(rest).not.toContain("49.90");
  });

  it("on a paid invoice gives a receipt with nothing to pay and no link", () => {
    const receipt = customerMessage("receipt", {
      ...invoice,
      paidCryptoAmount: "52",
      paidAt: "2026-11-25T20:00:00Z",
    });
    expect(receipt.link).toBeNull();
    expect(customerMessageText(receipt)).toBe(
      "Thank you: we received 52.00 USDT on 25 Nov 2026, 20:00 UTC for order cust-1042 (invoice amount 49.90 EUR). There is nothing more to pay.",
    );
  });

  it("after a refund says what was sent back and its transaction id", () => {
    const refund = { amount: "3.2", currency: "USDT", txid: "abc123" };
    expect(text("refund", { ...invoice, refund }, new Date())).toBe(
      "We have sent you 3.20 USDT back for order cust-1042.\nIts transaction id is abc123.",
    );
  });

  it("fits the state: a paid refund first, an acceptance counts as paid, nothing once it ended unpaid", () => {
    const kind = (status: string, isFinal = false, resolution: string | null = null, refundPaid = false) =>
      customerMessageKind({ status, isFinal, resolution, refundPaid });
    expect(kind("open")).toBe("pay");
    expect(kind("underpaid")).toBe("pay_rest");
    expect(kind("underpaid", true, "accepted_as_paid")).toBe("receipt");
    expect(kind("underpaid", false, "resolved")).toBeNull();
    expect(kind("paid", true)).toBe("receipt");
    expect(kind("overpaid", true, "refunded", true)).toBe("refund");
    expect(kind("expired", true)).toBeNull();
  });
});

describe("the lifetime left", () => {
  it.each([
    [3_598_000, "1 hour"],
    [7_200_000, "2 hours"],
    [5_400_000, "1 hour 30 minutes"],
    [60_000, "1 minute"],
    [45 * 60_000, "45 minutes"],
    [10_000, "less than a minute"],
  ])("%d ms → %s", (ms, words) => {
    expect(lifetimeLeft(ms)).toBe(words);
  });
});
