/** Schemas and builders for the OpenAPI document (openapi.ts). */
import { COIN_CODES, FIAT_CURRENCIES, NETWORKS } from "../catalog";
import type { Encodable } from "../json";
import { INVOICE_STATUSES } from "../invoices/status";
import { WITHDRAWAL_STATUSES } from "../withdrawals/present";

export type Schema = { [key: string]: Encodable };
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const str = (extra: Schema = {}): Schema => ({ type: "string", ...extra });
export const decimalString = (description: string): Schema => ({
  type: "string",
  pattern: "^\\d{1,15}(\\.\\d{1,18})?$",
  description,
});
export const jsonBody = (schema: Schema) => ({ required: true, content: { "application/json": { schema } } });
export const ok = (schema: Schema, description = "OK") => ({
  description,
  content: { "application/json": { schema } },
});
export const err = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Error") } },
});
export const idParam = (name = "id") => ({
  name,
  in: "path",
  required: true,
  schema: str({ format: "uuid" }),
});
export const control = (summary: string, op: Schema): Schema => ({
  tags: ["control"],
  summary,
  security: [{ invoiceKey: [] }],
  ...op,
});

const additionalData: Schema = {
  type: ["object", "array", "null"],
  description: "At most 255 KB (UTF-8 bytes of its compact JSON).",
};

export const schemas: Record<string, Schema> = {
  Error: {
    type: "object",
    required: ["message"],
    properties: {
      message: str(),
      errors: { type: "object", additionalProperties: { type: "array", items: str() } },
    },
  },
  InvoiceCreate: {
    type: "object",
    required: ["amount", "fiat_currency", "order_id"],
    properties: {
      amount: decimalString("Fiat amount, > 0, at most 8 decimals"),
      fiat_currency: str({ enum: FIAT_CURRENCIES }),
      order_id: str({ minLength: 1, maxLength: 255, pattern: "^[\\p{L}\\p{M}\\p{N}_-]+$" }),
      is_payment_multiple: { type: "boolean", default: true },
      lifetime: { type: "integer", minimum: 300, maximum: 43200, default: 3600 },
      accuracy_payment_percent: { type: ["number", "string"], minimum: 0, maximum: 5, default: 0 },
      webhook_url: str({ format: "uri", nullable: true }),
      return_url: str({ format: "uri", nullable: true }),
      success_url: str({ format: "uri", nullable: true }),
      additional_data: additionalData,
      currency: str({
        enum: COIN_CODES,
        description: "Sandbox extension: fixes the payment method (with network)",
      }),
      network: str({ enum: NETWORKS }),
    },
  },
  Invoice: {
    type: "object",
    required: ["id", "amount", "fiat_currency"],
    properties: {
      id: str({ format: "uuid" }),
      amount: { type: "number" },
      crypto_amount: { type: ["number", "null"] },
      remaining_crypto_amount: { type: ["number", "null"] },
      paid_fiat_amount: { type: "number" },
      paid_crypto_amount: { type: "number" },
      fiat_currency: str(),
      is_payment_multiple: { type: "boolean" },
      wallet: str({ description: "Omitted until a payment method is chosen" }),
      created_at: { type: "integer" },
      expires_at: { type: "integer" },
      pay_url: str({ format: "uri" }),
    },
  },
  InvoiceInfo: {
    allOf: [
      ref("Invoice"),
      {
        type: "object",
        properties: {
          status: str({ enum: [...INVOICE_STATUSES] }),
          currency: { type: ["string", "null"] },
          network: { type: ["string", "null"] },
          additional_data: additionalData,
          transactions: { type: "array", items: ref("Transaction") },
        },
      },
    ],
  },
  Transaction: {
    type: "object",
    properties: { transaction_id: str(), source_wallet: str(), amount: { type: "number" } },
  },
  WithdrawalCreate: {
    type: "object",
    required: ["order_id", "currency", "network", "address", "is_subtract", "sign"],
    description: "Either amount, or fiat_amount with fiat_currency.",
    properties: {
      amount: decimalString("Crypto amount, > 0, at most the coin's decimals"),
      fiat_amount: decimalString("Fiat amount, converted at the fixed rates (rounded down)"),
      fiat_currency: str({ enum: FIAT_CURRENCIES }),
      currency: str({ enum: COIN_CODES }),
      network: str({ enum: NETWORKS }),
      order_id: str({ minLength: 1, maxLength: 255 }),
      address: str({ description: "Validated for the network's address format" }),
      is_subtract: { type: "boolean" },
      additional_data: additionalData,
      sign: str({
        pattern: "^[0-9a-f]{64}$",
        description: "HMAC-SHA256 of the canonical JSON without sign, keyed with the invoice key",
      }),
    },
  },
  Withdrawal: {
    type: "object",
    required: ["id", "amount", "address", "additional_data", "created_at", "update_at"],
    properties: {
      id: str({ format: "uuid" }),
      amount: str(),
      address: str(),
      additional_data: additionalData,
      created_at: { type: "integer" },
      update_at: { type: "integer" },
      status: str({ enum: [...WITHDRAWAL_STATUSES] }),
      currency: str(),
      network: str(),
      order_id: str(),
      fee: str(),
      payout_amount: str(),
      is_subtract: { type: "boolean" },
      txid: { type: ["string", "null"] },
    },
  },
  Faults: {
    type: "object",
    properties: {
      latency_ms: { type: "integer", minimum: 0, maximum: 60000 },
      error_rate: { type: "number", minimum: 0, maximum: 1 },
      drop_after_commit_rate: { type: "number", minimum: 0, maximum: 1 },
      duplicate_webhooks: { type: "boolean" },
      reorder_webhooks: { type: "boolean" },
      reorder_delay_ms: { type: "integer", minimum: 1, maximum: 60000, default: 300 },
    },
  },
};
