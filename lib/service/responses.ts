// Tolerant parsing of the service's answers (docs/service-api.md, where the spec is silent) into typed values. Input is the output of
// the lossless parser, so amounts arrive as JsonNumber or string and become decimal strings, never
// floats. Only the ids are required: a record the service created must never be lost because a
// secondary field was missing or odd; such fields become null. Unknown fields are ignored.
import { z } from "zod";
import { JsonNumber, isJsonObject, toDecimalString, toPlainJson, type LosslessJson } from "./json";

const read = <T>(fn: (value: unknown) => T) => z.unknown().optional().transform(fn);

const decimal = read((v) => toDecimalString(v));

const text = read((v) => {
  if (typeof v === "string") return v;
  return v instanceof JsonNumber ? v.source : null;
});

const bool = read((v) => {
  if (typeof v === "boolean") return v;
  if (v instanceof JsonNumber || typeof v === "string") {
    const s = v instanceof JsonNumber ? v.source : v.trim().toLowerCase();
    if (s === "1" || s === "true") return true;
    if (s === "0" || s === "false") return false;
  }
  return null;
});

// Unix seconds, numeric strings, or ISO-8601. Values beyond 1e11 are taken as milliseconds
// (1e11 seconds is the year 5138).
export function toDate(value: unknown): Date | null {
  let source: string | undefined;
  if (value instanceof JsonNumber) source = value.source;
  else if (typeof value === "string") source = value.trim();
  if (source === undefined || source === "") return null;
  if (/^-?\d+(\.\d+)?$/.test(source)) {
    const n = Number(source);
    const date = new Date(Math.abs(n) >= 1e11 ? n : n * 1000);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const ms = Date.parse(source);
  return Number.isNaN(ms) ? null : new Date(ms);
}

const timestamp = read(toDate);

/** Opaque caller data (additional_data): object, array or null, with numbers as JS numbers. */
const opaque = read((v) => (v === undefined || v === null ? null : toPlainJson(v as LosslessJson)));

const id = z.unknown().transform((v, ctx) => {
  const s = typeof v === "string" ? v : v instanceof JsonNumber ? v.source : "";
  if (s === "") {
    ctx.addIssue({ code: "custom", message: "missing id" });
    return z.NEVER;
  }
  return s;
});

export const transactionResponseSchema = z
  .object({
    transaction_id: text,
    txid: text,
    source_wallet: text,
    amount: decimal,
    currency: text,
    network: text,
    created_at: timestamp,
  })
  .transform((t) => ({
    transactionId: t.transaction_id ?? t.txid,
    sourceWallet: t.source_wallet,
    amount: t.amount,
    currency: t.currency,
    network: t.network,
    createdAt: t.created_at,
  }));

const transactions = read((v) => {
  if (!Array.isArray(v)) return [];
  return v.flatMap((item) => {
    if (!isJsonObject(item)) return [];
    const parsed = transactionResponseSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
});

export const invoiceResponseSchema = z
  .object({
    id,
    status: text,
    amount: decimal,
    fiat_currency: text,
    crypto_amount: decimal,
    remaining_crypto_amount: decimal,
    paid_fiat_amount: decimal,
    paid_crypto_amount: decimal,
    currency: text,
    network: text,
    is_payment_multiple: bool,
    wallet: text,
    pay_url: text,
    order_id: text,
    created_at: timestamp,
    expires_at: timestamp,
    additional_data: opaque,
    transactions,
  })
  .transform((r) => ({
    id: r.id,
    orderId: r.order_id,
    status: r.status,
    amount: r.amount,
    fiatCurrency: r.fiat_currency,
    cryptoAmount: r.crypto_amount,
    remainingCryptoAmount: r.remaining_crypto_amount,
    paidFiatAmount: r.paid_fiat_amount,
    paidCryptoAmount: r.paid_crypto_amount,
    currency: r.currency,
    network: r.network,
    isPaymentMultiple: r.is_payment_multiple,
    wallet: r.wallet,
    payUrl: r.pay_url,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    additionalData: r.additional_data,
    transactions: r.transactions,
  }));

export const withdrawalResponseSchema = z
  .object({
    id,
    status: text,
    amount: decimal,
    address: text,
    currency: text,
    network: text,
    fiat_amount: decimal,
    fiat_currency: text,
    fee: decimal,
    payout_amount: decimal,
    order_id: text,
    additional_data: opaque,
    created_at: timestamp,
    update_at: timestamp,
    updated_at: timestamp,
  })
  .transform((w) => ({
    id: w.id,
    orderId: w.order_id,
    status: w.status,
    amount: w.amount,
    address: w.address,
    currency: w.currency,
    network: w.network,
    fiatAmount: w.fiat_amount,
    fiatCurrency: w.fiat_currency,
    /** Not in the spec's table; the service (and the embedded sandbox) send them. */
    fee: w.fee,
    payoutAmount: w.payout_amount,
    additionalData: w.additional_data,
    createdAt: w.created_at,
    // The spec spells it update_at; accept the usual spelling too.
    updatedAt: w.update_at ?? w.updated_at,
  }));

export type ServiceTransaction = z.output<typeof transactionResponseSchema>;
export type ServiceInvoice = z.output<typeof invoiceResponseSchema>;
export type ServiceWithdrawal = z.output<typeof withdrawalResponseSchema>;

/** The resource itself: the top-level object, or the object under `result` (or `data`) when that has it. */
export function unwrapResource(body: LosslessJson): LosslessJson {
  if (!isJsonObject(body) || "id" in body) return body;
  for (const envelope of ["result", "data"]) {
    const inner = body[envelope];
    if (isJsonObject(inner)) return inner;
  }
  return body;
}
