import { describe, expect, it } from "vitest";
import {
  INVOICE_STATE_LABELS,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  invoiceState,
  normaliseInvoiceStatus,
} from "./status";

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

describe("what a person reads about an invoice", () => {
  it("is its status while no resolution is in force", () => {
    for (const status of INVOICE_STATUSES) {
      expect(invoiceState(status, null)).toBe(status);
      expect(INVOICE_STATE_LABELS[invoiceState(status, null)]).toBe(INVOICE_STATUS_LABELS[status]);
    }
  });

  it("is Refunded, Resolved or Accepted as paid once the exception was dealt with", () => {
    expect(INVOICE_STATE_LABELS[invoiceState("overpaid", "refunded")]).toBe("Refunded");
    expect(INVOICE_STATE_LABELS[invoiceState("underpaid", "refunded")]).toBe("Refunded");
    expect(INVOICE_STATE_LABELS[invoiceState("expired", "refunded")]).toBe("Refunded");
    expect(INVOICE_STATE_LABELS[invoiceState("overpaid", "marked_resolved")]).toBe("Resolved");
    expect(INVOICE_STATE_LABELS[invoiceState("underpaid", "accepted_as_paid")]).toBe("Accepted as paid");
  });

  it("a resolution says nothing of an invoice that is no exception (paid, open)", () => {
    expect(invoiceState("paid", "accepted_as_paid")).toBe("paid");
    expect(invoiceState("open", "refunded")).toBe("open");
  });

  it("has one plain label per state, with no service word in it", () => {
    const labels = Object.values(INVOICE_STATE_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
    expect(labels.join(" ")).not.toMatch(/paid_over|wrong_amount|service/);
  });
});
