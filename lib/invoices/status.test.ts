import { describe, expect, it } from "vitest";
import { normaliseInvoiceStatus } from "./status";

describe("invoice status normalisation", () => {
  it.each([
    ["pending", "open", false],
    ["paid", "paid", true],
    ["paid_over", "overpaid", true],
    ["wrong_amount_waiting", "underpaid", false],
    ["wrong_amount", "underpaid", true],
    ["cancel", "expired", true],
    ["fail", "failed", true],
  ] as const)("every sandbox status: %s -> %s (final: %s)", (raw, status, isFinal) => {
    expect(normaliseInvoiceStatus(raw)).toEqual({ status, isFinal });
  });

  it("ignores case, spaces and dashes", () => {
    expect(normaliseInvoiceStatus("PAID")).toEqual({ status: "paid", isFinal: true });
    expect(normaliseInvoiceStatus(" Wrong-Amount ")).toEqual({ status: "underpaid", isFinal: true });
    expect(normaliseInvoiceStatus("Paid Over")).toEqual({ status: "overpaid", isFinal: true });
  });

  it("shows an unknown status as unknown and keeps refreshing it", () => {
    expect(normaliseInvoiceStatus("refund_process")).toEqual({ status: "unknown", isFinal: false });
    expect(normaliseInvoiceStatus("")).toEqual({ status: "open", isFinal: false });
    expect(normaliseInvoiceStatus(null)).toEqual({ status: "open", isFinal: false });
  });
});
