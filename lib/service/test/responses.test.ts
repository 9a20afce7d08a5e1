import { describe, expect, it } from "vitest";
import { parseLosslessJson } from "../json";
import { invoiceResponseSchema, toDate, unwrapResource, withdrawalResponseSchema } from "../responses";

const parseInvoice = (text: string) => invoiceResponseSchema.parse(unwrapResource(parseLosslessJson(text)));
const parseWithdrawal = (text: string) =>
  withdrawalResponseSchema.parse(unwrapResource(parseLosslessJson(text)));

const INVOICE = {
  id: "9f1c2b9e-1111-4a2b-8c3d-000000000001",
  amount: 100.1,
  crypto_amount: null,
  remaining_crypto_amount: null,
  paid_fiat_amount: 0,
  paid_crypto_amount: 0,
  fiat_currency: "USD",
  is_payment_multiple: true,
  created_at: 1700000000,
  expires_at: 1700003600,
  pay_url: "https://pay.example/i/1",
};

describe("invoice responses", () => {
  it("reads a top-level invoice with numbers as decimal strings and unix times as dates", () => {
    const invoice = parseInvoice(JSON.stringify(INVOICE));
    expect(invoice).toMatchObject({
      id: INVOICE.id,
      amount: "100.1",
      cryptoAmount: null,
      paidFiatAmount: "0",
      fiatCurrency: "USD",
      isPaymentMultiple: true,
      wallet: null,
      payUrl: "https://pay.example/i/1",
      status: null,
      transactions: [],
      additionalData: null,
    });
    expect(invoice.createdAt).toEqual(new Date(1700000000 * 1000));
    expect(invoice.expiresAt?.toISOString()).toBe("2023-11-14T23:13:20.000Z");
  });

  it("reads the same invoice inside `result`", () => {
    expect(parseInvoice(JSON.stringify({ state: 0, result: INVOICE }))).toEqual(
      parseInvoice(JSON.stringify(INVOICE)),
    );
  });

  it("keeps every digit of numeric amounts and accepts strings", () => {
    const invoice = parseInvoice(
      '{"id":"a","amount":12345678901234567890.123456789,"crypto_amount":"0.00000001","remaining_crypto_amount":1e-7,' +
        '"paid_fiat_amount":"0.10","paid_crypto_amount":0.30000000000000004}',
    );
    expect(invoice).toMatchObject({
      amount: "12345678901234567890.123456789",
      cryptoAmount: "0.00000001",
      remainingCryptoAmount: "0.0000001",
      paidFiatAmount: "0.1",
      paidCryptoAmount: "0.30000000000000004",
    });
  });

  it("reads ISO-8601 timestamps, numeric strings and milliseconds", () => {
    const invoice = parseInvoice('{"id":"a","created_at":"2024-05-01T10:00:00Z","expires_at":"1714557600"}');
    expect(invoice.createdAt?.toISOString()).toBe("2024-05-01T10:00:00.000Z");
    expect(invoice.expiresAt?.toISOString()).toBe("2024-05-01T10:00:00.000Z");
    expect(toDate(parseLosslessJson("1714557600000"))?.toISOString()).toBe("2024-05-01T10:00:00.000Z");
    expect(toDate("not a date")).toBeNull();
  });

  it("reads the information response: status, currency, network, transactions, additional_data", () => {
    const invoice = parseInvoice(
      JSON.stringify({
        ...INVOICE,
        status: "Paid_Over",
        currency: "USDT",
        network: "tron",
        wallet: "TXyz",
        additional_data: { user_id: "u1", n: 5 },
        transactions: [
          { transaction_id: "0xabc", source_wallet: "Tsrc", amount: "50.5" },
          { txid: "0xdef", amount: 49.6, extra: true },
          "garbage",
        ],
        unknown_field: { anything: 1 },
      }),
    );
    expect(invoice).toMatchObject({
      status: "Paid_Over",
      currency: "USDT",
      network: "tron",
      wallet: "TXyz",
      additionalData: { user_id: "u1", n: 5 },
      transactions: [
        { transactionId: "0xabc", sourceWallet: "Tsrc", amount: "50.5" },
        { transactionId: "0xdef", sourceWallet: null, amount: "49.6" },
      ],
    });
    expect(invoice).not.toHaveProperty("unknown_field");
  });

  it("tolerates odd optional fields but requires an id", () => {
    const invoice = parseInvoice(
      '{"id":77,"amount":"ten","created_at":"soon","transactions":null,"is_payment_multiple":"1"}',
    );
    expect(invoice).toMatchObject({
      id: "77",
      amount: null,
      createdAt: null,
      transactions: [],
      isPaymentMultiple: true,
    });
    expect(() => parseInvoice('{"amount":1}')).toThrow();
    expect(() => parseInvoice('{"result":{"amount":1}}')).toThrow();
  });
});

describe("withdrawal responses", () => {
  it("reads the creation response of section 2.1", () => {
    const w = parseWithdrawal(
      '{"id":"w1","amount":0.00012345,"address":"bc1q/x","additional_data":null,"created_at":1700000000,"update_at":1700000005,"status":"process"}',
    );
    expect(w).toMatchObject({
      id: "w1",
      amount: "0.00012345",
      address: "bc1q/x",
      additionalData: null,
      status: "process",
    });
    expect(w.updatedAt).toEqual(new Date(1700000005000));
  });

  it("reads the fee and what the recipient gets, when the service sends them; null when it does not", () => {
    const w = parseWithdrawal(
      '{"id":"w3","amount":"10","fee":"1.000000","payout_amount":9,"status":"process"}',
    );
    expect(w).toMatchObject({ fee: "1", payoutAmount: "9" });
    expect(parseWithdrawal('{"id":"w4","amount":"10"}')).toMatchObject({ fee: null, payoutAmount: null });
  });

  it("reads it inside `result`, with string amounts and updated_at", () => {
    const w = parseWithdrawal(
      '{"result":{"id":"w2","amount":"1.50","address":"a","updated_at":"2024-01-01T00:00:00Z"}}',
    );
    expect(w).toMatchObject({ id: "w2", amount: "1.5", createdAt: null });
    expect(w.updatedAt?.toISOString()).toBe("2024-01-01T00:00:00.000Z");
  });
});
