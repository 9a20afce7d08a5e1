import { describe, expect, it } from "vitest";
import type { ServiceInvoice } from "@/lib/service";
import { freshCreationRecord } from "./fresh-creation";

const sentAt = new Date("2026-11-24T12:00:00Z");
const now = new Date("2026-11-24T12:00:01Z");
const request = { orderId: "o-1", amount: "25.00", fiatCurrency: "USD", currency: "USDT", network: "TRON" };

function answer(overrides: Partial<ServiceInvoice> = {}): ServiceInvoice {
  return {
    id: "svc-1",
    orderId: "o-1",
    status: null,
    amount: "25",
    fiatCurrency: "USD",
    cryptoAmount: "25",
    remainingCryptoAmount: "25",
    paidFiatAmount: "0",
    paidCryptoAmount: "0",
    currency: null,
    network: null,
    isPaymentMultiple: true,
    wallet: null,
    payUrl: "https://pay.example/i/svc-1",
    createdAt: new Date("2026-11-24T12:00:00Z"),
    expiresAt: new Date("2026-11-24T13:00:00Z"),
    additionalData: null,
    transactions: [],
    ...overrides,
  } as ServiceInvoice;
}

describe("freshCreationRecord", () => {
  it("takes an invoice made by this call, nothing paid, as pending with what was asked", () => {
    expect(freshCreationRecord(answer(), request, sentAt, now)).toMatchObject({
      status: "pending",
      currency: "USDT",
      network: "TRON",
      transactions: [],
    });
  });

  it("keeps a status the answer carries", () => {
    expect(freshCreationRecord(answer({ status: "paid" }), request, sentAt, now)?.status).toBe("paid");
  });

  it("tolerates a service clock a little behind", () => {
    const createdAt = new Date(sentAt.getTime() - 60_000);
    expect(freshCreationRecord(answer({ createdAt }), request, sentAt, now)?.status).toBe("pending");
  });

  it.each([
    [
      "made long before this call (an order id the service already held)",
      { createdAt: new Date("2026-11-20T12:00:00Z") },
    ],
    ["without a creation time", { createdAt: null }],
    ["with fiat already paid", { paidFiatAmount: "10" }],
    ["with crypto already paid", { paidCryptoAmount: "0.001" }],
    ["already expired", { expiresAt: new Date("2026-11-24T11:00:00Z") }],
    ["with an unreadable paid amount", { paidFiatAmount: "n/a" }],
  ])("asks for a read when the invoice was %s", (_, overrides) => {
    expect(
      freshCreationRecord(answer(overrides as Partial<ServiceInvoice>), request, sentAt, now),
    ).toBeNull();
  });
});
