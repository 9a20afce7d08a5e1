import { describe, expect, it } from "vitest";
import { resolutionOptions, type ResolvableInvoice } from "./resolution-rules";

const invoice = (status: string, extra: Partial<ResolvableInvoice> = {}): ResolvableInvoice => ({
  status,
  isFinal: true,
  paidCryptoAmount: "1",
  creationState: "created",
  ...extra,
});

describe("how each exception may be resolved", () => {
  it.each([
    ["overpaid", {}, ["refund", "mark_resolved"]],
    ["underpaid", { isFinal: false }, ["ask_for_rest", "accept_as_paid", "refund", "mark_resolved"]],
    ["underpaid", { isFinal: true }, ["accept_as_paid", "refund", "mark_resolved"]],
    ["expired", { paidCryptoAmount: "0.5" }, ["refund", "mark_resolved"]],
    ["expired", { paidCryptoAmount: "0" }, []],
    ["expired", { paidCryptoAmount: null }, []],
    ["paid", {}, []],
    ["open", { isFinal: false }, []],
    ["overpaid", { creationState: "rejected" }, []],
  ] as const)("%s %o → %o", (status, extra, expected) => {
    expect(resolutionOptions(invoice(status, extra), false)).toEqual(expected);
  });

  it("a resolved invoice allows nothing more", () => {
    for (const status of ["overpaid", "underpaid", "expired"]) {
      expect(resolutionOptions(invoice(status), true)).toEqual([]);
    }
  });
});
