import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  independentSign,
  orderId,
  startTestSandbox,
  VALID_ADDRESSES,
  type Client,
  type Merchant,
} from "./harness";

let client: Client;
let close: () => Promise<void>;
let m: Merchant;

beforeAll(async () => {
  const t = await startTestSandbox();
  client = t.client;
  close = t.server.close;
  m = await client.merchant();
  await client.setBalance(m, "USDT", "1000");
  await client.setBalance(m, "BTC", "1");
});
afterAll(() => close());

const usdt = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  amount: "10",
  currency: "USDT",
  network: "TRON",
  order_id: orderId("wd"),
  address: VALID_ADDRESSES.TRON,
  is_subtract: true,
  ...extra,
});

async function expectField(payload: Record<string, unknown>, field: string) {
  const r = await client.withdraw(m, payload);
  expect(r.status, r.text).toBe(422);
  expect(Object.keys(r.body.errors as object)).toContain(field);
}

describe("POST /v1/withdrawals", () => {
  it("creates a withdrawal, debits amount + fee when is_subtract is true", async () => {
    const before = Number(await client.balance(m, "USDT"));
    const payload = usdt({ additional_data: { user_id: "u-1", note: "https://x.example/a" } });
    const r = await client.withdraw(m, payload);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      amount: "10",
      address: VALID_ADDRESSES.TRON,
      additional_data: payload.additional_data,
      status: "process",
      currency: "USDT",
      network: "TRON",
    });
    expect(r.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof r.body.created_at).toBe("number");
    expect(r.body.update_at).toBe(r.body.created_at);
    expect(Number(await client.balance(m, "USDT"))).toBe(before - 11); // USDT/TRON fee is 1
  });

  it("takes the fee out of the payout when is_subtract is false", async () => {
    const before = Number(await client.balance(m, "USDT"));
    const r = await client.withdraw(m, usdt({ is_subtract: false }));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ amount: "10", payout_amount: "9", fee: "1" });
    expect(Number(await client.balance(m, "USDT"))).toBe(before - 10);
    await expectField(usdt({ is_subtract: false, amount: "1" }), "amount"); // not more than the fee
  });

  it("converts fiat_amount at the fixed rates (rounded down)", async () => {
    const r = await client.withdraw(m, {
      fiat_amount: "100",
      fiat_currency: "EUR",
      currency: "BTC",
      network: "BTC",
      order_id: orderId("wd"),
      address: VALID_ADDRESSES.BTC,
      is_subtract: true,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.amount).toBe("0.00181159"); // 100 / (60000 × 0.92) = 0.0018115942…
  });

  it("validates the body", async () => {
    await expectField(usdt({ amount: undefined }), "amount");
    await expectField(usdt({ fiat_amount: "10", fiat_currency: "USD" }), "amount"); // both amount and fiat_amount
    await expectField(usdt({ amount: undefined, fiat_amount: "10" }), "fiat_currency");
    await expectField(usdt({ amount: undefined, fiat_amount: "10", fiat_currency: "XXX" }), "fiat_currency");
    await expectField(usdt({ amount: "0" }), "amount");
    await expectField(usdt({ amount: "1.1234567" }), "amount"); // 6 decimals for USDT
    await expectField(usdt({ currency: undefined }), "currency");
    await expectField(usdt({ network: undefined }), "network");
    await expectField(usdt({ network: "BTC" }), "network");
    await expectField(usdt({ order_id: "c".repeat(256) }), "order_id");
    await expectField(usdt({ order_id: "bad id" }), "order_id");
    await expectField(usdt({ is_subtract: undefined }), "is_subtract");
    await expectField(usdt({ is_subtract: "maybe" }), "is_subtract");
    await expectField(usdt({ address: undefined }), "address");
    await expectField(usdt({ additional_data: { x: "a".repeat(255 * 1024) } }), "additional_data");
    expect((await client.withdraw(m, usdt({ order_id: "d".repeat(255) }))).status).toBe(200);
  });

  it("validates the address for the network's format", async () => {
    await expectField(usdt({ address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u" }), "address"); // bad checksum
    await expectField(usdt({ address: VALID_ADDRESSES.ETH }), "address");
    await expectField(usdt({ network: "ETH", address: "0x1234" }), "address");
    // Mixed case must be the EIP-55 spelling: the last letter's case flipped.
    await expectField(usdt({ network: "ETH", address: VALID_ADDRESSES.ETH.replace(/c7$/, "C7") }), "address");
    await expectField(
      {
        ...usdt(),
        currency: "BTC",
        network: "BTC",
        amount: "0.001",
        address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5",
      },
      "address",
    );
    for (const [network, currency, amount] of [
      ["ETH", "USDT", "10"],
      ["BSC", "USDT", "10"],
      ["BTC", "BTC", "0.001"],
    ] as const) {
      const r = await client.withdraw(
        m,
        usdt({ network, currency, amount, address: VALID_ADDRESSES[network] }),
      );
      expect(r.status, r.text).toBe(200);
    }
    await client.setBalance(m, "LTC", "1");
    const ltc = await client.withdraw(
      m,
      usdt({ network: "LTC", currency: "LTC", amount: "0.1", address: VALID_ADDRESSES.LTC }),
    );
    expect(ltc.status, ltc.text).toBe(200);
  });

  it("requires a sign and rejects a wrong one with 422 Invalid sign", async () => {
    const payload = usdt();
    const missing = await client.call("POST", "/v1/withdrawals", m.withdrawalKey, payload);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors as object)).toContain("sign");
    const wrongKey = await client.withdraw(m, payload, { sign: independentSign(payload, m.withdrawalKey) });
    expect(wrongKey.status).toBe(422);
    expect(wrongKey.body.message).toBe("Invalid sign");
    const tampered = await client.withdraw(m, payload, {
      sign: independentSign({ ...payload, amount: "11" }, m.invoiceKey),
    });
    expect(tampered.body.message).toBe("Invalid sign");
    const garbage = await client.withdraw(m, payload, { sign: "xyz" });
    expect(garbage.body.message).toBe("Invalid sign");
  });

  it("verifies the sign over the keys in the order sent, slashes escaped, UTF-8 raw", async () => {
    const payload = {
      is_subtract: true,
      address: VALID_ADDRESSES.TRON,
      order_id: orderId("wd"),
      network: "TRON",
      currency: "USDT",
      amount: "1.5",
      additional_data: {
        url: "https://shop.example/a/b",
        text: "Zahlung für Café 🚀",
        nested: [1, { k: null }],
      },
    };
    const ok = await client.withdraw(m, payload);
    expect(ok.status, ok.text).toBe(200);
    // the same fields in another order need their own signature
    const { amount, ...others } = payload;
    const reordered = { ...others, amount, order_id: orderId("wd") };
    expect(
      (
        await client.withdraw(m, reordered, {
          sign: independentSign({ ...payload, order_id: reordered.order_id }, m.invoiceKey),
        })
      ).body.message,
    ).toBe("Invalid sign");
  });

  it("keeps number literals as sent when verifying", async () => {
    const id = orderId("wd");
    const canonical = `{"amount":10.50,"currency":"USDT","network":"TRON","order_id":"${id}","address":"${VALID_ADDRESSES.TRON}","is_subtract":true}`;
    const { createHmac } = await import("node:crypto");
    const sign = createHmac("sha256", m.invoiceKey).update(canonical).digest("hex");
    const body = canonical.slice(0, -1) + `,"sign":"${sign}"}`;
    const r = await client.call("POST", "/v1/withdrawals", m.withdrawalKey, body);
    expect(r.status, r.text).toBe(200);
    expect(r.body.amount).toBe("10.5");
  });

  it("checks auth before validation, and validation before the sign", async () => {
    expect((await client.call("POST", "/v1/withdrawals", "nope", {})).status).toBe(401);
    const invalid = await client.withdraw(m, usdt({ amount: "-1" }), { sign: "0".repeat(64) });
    expect(invalid.body.errors).toHaveProperty("amount");
  });

  it("accepts only the withdrawal key", async () => {
    const r = await client.withdraw(m, usdt(), { key: m.invoiceKey });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: "Unauthenticated." });
  });

  it("is idempotent by order_id, also with other parameters, and debits once", async () => {
    const payload = usdt();
    const first = await client.withdraw(m, payload);
    const balance = await client.balance(m, "USDT");
    const again = await client.withdraw(m, payload);
    const other = await client.withdraw(m, { ...payload, amount: "500", is_subtract: false });
    expect(again.body).toEqual(first.body);
    expect(other.body).toEqual(first.body);
    expect(await client.balance(m, "USDT")).toBe(balance);
    // order_ids of withdrawals and invoices are separate spaces
    const inv = await client.createInvoice(m, {
      amount: "1",
      fiat_currency: "USD",
      order_id: payload.order_id,
    });
    expect(inv.status).toBe(200);
  });

  it("a repeated order_id still needs a valid sign", async () => {
    const payload = usdt();
    await client.withdraw(m, payload);
    expect((await client.withdraw(m, payload, { sign: "0".repeat(64) })).body.message).toBe("Invalid sign");
  });

  it("answers 422 Insufficient funds and changes nothing", async () => {
    const poor = await client.merchant();
    await client.setBalance(poor, "USDT", "10.5");
    const payload = usdt(); // needs 10 + 1 fee
    const r = await client.withdraw(poor, payload);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe("Insufficient funds");
    expect(await client.balance(poor, "USDT")).toBe("10.5");
    // nothing was recorded under the order_id: the same order_id works once funded
    await client.setBalance(poor, "USDT", "11");
    const ok = await client.withdraw(poor, payload);
    expect(ok.status, ok.text).toBe(200);
    expect(await client.balance(poor, "USDT")).toBe("0");
  });
});

describe("withdrawal states", () => {
  it("process → check → paid through the control API; final states refuse further changes", async () => {
    const w = await client.withdraw(m, usdt());
    const id = String(w.body.id);
    const check = await client.call("POST", `/control/withdrawals/${id}/status`, m.invoiceKey, {
      status: "check",
    });
    expect(check.body).toMatchObject({ status: "check" });
    const paid = await client.call("POST", `/control/withdrawals/${id}/status`, m.invoiceKey, {
      status: "paid",
    });
    expect(paid.body.status).toBe("paid");
    expect(paid.body.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(
      (await client.call("POST", `/control/withdrawals/${id}/status`, m.invoiceKey, { status: "fail" }))
        .status,
    ).toBe(422);
    expect(
      (await client.call("POST", `/control/withdrawals/${id}/status`, m.invoiceKey, { status: "bogus" }))
        .status,
    ).toBe(422);
  });

  it("fail, cancel and system_fail refund exactly what was debited", async () => {
    for (const status of ["fail", "cancel", "system_fail"]) {
      const before = await client.balance(m, "USDT");
      const w = await client.withdraw(m, usdt());
      expect(Number(await client.balance(m, "USDT"))).toBe(Number(before) - 11);
      const r = await client.call("POST", `/control/withdrawals/${String(w.body.id)}/status`, m.invoiceKey, {
        status,
      });
      expect(r.body.status).toBe(status);
      expect(await client.balance(m, "USDT")).toBe(before);
    }
  });

  it("another merchant cannot touch the withdrawal", async () => {
    const w = await client.withdraw(m, usdt());
    const b = await client.merchant();
    expect(
      (
        await client.call("POST", `/control/withdrawals/${String(w.body.id)}/status`, b.invoiceKey, {
          status: "paid",
        })
      ).status,
    ).toBe(404);
  });
});

describe("auto-settlement", () => {
  it("moves process → check → paid by itself when autoSettleWithdrawalsMs is set", async () => {
    const t = await startTestSandbox({ autoSettleWithdrawalsMs: 50 });
    try {
      const mm = await t.client.merchant();
      await t.client.setBalance(mm, "USDT", "100");
      const w = await t.client.withdraw(mm, usdt());
      const id = String(w.body.id);
      const deadline = Date.now() + 5000;
      let status = "";
      while (Date.now() < deadline && status !== "paid") {
        status = String(
          (await t.client.call("GET", `/control/withdrawals/${id}`, mm.invoiceKey)).body.status,
        );
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe("paid");
    } finally {
      await t.server.close();
    }
  });
});
