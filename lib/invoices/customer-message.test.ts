import { describe, expect, it } from "vitest";
import { displayFormatter } from "@/lib/display/formatter";
import { lifetimeLeft, paymentMessage } from "./customer-message";

const invoice = {
  orderId: "cust-1042",
  amount: "49.9",
  fiatCurrency: "EUR",
  payUrl: "https://pay.example/abc",
  expiresAt: "2026-11-25T21:06:00Z",
};

describe("the message for the customer", () => {
  it("says how long the link stays valid and until when, with the zone", () => {
    const berlin = displayFormatter({ timeZone: "Europe/Berlin", locale: "en-US" });
    expect(paymentMessage(invoice, berlin, new Date("2026-11-25T19:06:00Z"))).toBe(
      "Please pay 49.90 EUR for order cust-1042 here: https://pay.example/abc The link is valid for 2 hours, until 25 Nov 2026, 22:06 CET.",
    );
    const utc = displayFormatter({ timeZone: "UTC", locale: "de-DE" });
    expect(paymentMessage(invoice, utc, new Date("2026-11-25T19:36:00Z"))).toContain(
      "49,90 EUR for order cust-1042",
    );
    expect(paymentMessage(invoice, utc, new Date("2026-11-25T19:36:00Z"))).toContain(
      "valid for 1 hour 30 minutes, until 25 Nov 2026, 21:06 UTC.",
    );
  });

  it("says when it expired, once it has", () => {
    const utc = displayFormatter({ timeZone: "UTC", locale: "en-US" });
    expect(paymentMessage(invoice, utc, new Date("2026-11-25T22:00:00Z"))).toMatch(
      /The link expired on 25 Nov 2026, 21:06 UTC\.$/,
    );
    expect(paymentMessage({ ...invoice, expiresAt: null }, utc)).toBe(
      "Please pay 49.90 EUR for order cust-1042 here: https://pay.example/abc",
    );
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
