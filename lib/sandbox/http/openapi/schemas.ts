/**
 * Response body schemas. Closed (additionalProperties: false) and with every field the sandbox
 * always sends marked required, so a response that gains, loses or retypes a field fails the
 * response validation in the tests (test/openapi-validator.ts).
 */
import { COIN_CODES, FIAT_CURRENCIES, NETWORKS } from "../../catalog";
import { INVOICE_STATUSES } from "../../invoices/status";
import { WITHDRAWAL_STATUSES } from "../../withdrawals/present";
import { ref, str, type Schema } from "./helpers";

const closed = (properties: Record<string, Schema>, optional: string[] = []): Schema => ({
  type: "object",
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
  additionalProperties: false,
});

const uuid = str({ format: "uuid" });
const unix: Schema = { type: "integer", description: "Unix seconds" };
const amountNumber: Schema = {
  type: "number",
  minimum: 0,
  description: "Written from the exact decimal text",
};
const amountString = str({ pattern: "^\\d+(\\.\\d+)?$", description: "Exact decimal string" });
const coin = str({ enum: COIN_CODES });
const network = str({ enum: NETWORKS });
const nullable = (values: readonly string[]): Schema => ({
  type: ["string", "null"],
  enum: [...values, null],
});
const additionalData: Schema = {
  type: ["object", "array", "null"],
  description: "Exactly as sent (key order, number spelling)",
};

const invoiceFields: Record<string, Schema> = {
  id: uuid,
  amount: amountNumber,
  crypto_amount: { type: ["number", "null"], minimum: 0, description: "null until a method is chosen" },
  remaining_crypto_amount: {
    type: ["number", "null"],
    minimum: 0,
    description: "null until a method is chosen",
  },
  paid_fiat_amount: amountNumber,
  paid_crypto_amount: amountNumber,
  fiat_currency: str({ enum: FIAT_CURRENCIES }),
  is_payment_multiple: { type: "boolean" },
  wallet: str({ description: "Omitted until a payment method is chosen" }),
  created_at: unix,
  expires_at: unix,
  pay_url: str({ format: "uri" }),
};

const transactionFields: Record<string, Schema> = {
  transaction_id: str({ pattern: "^[0-9a-f]{64}$" }),
  source_wallet: str(),
  amount: amountNumber,
};

const attempt = closed({
  id: uuid,
  attempted_at: unix,
  attempted_at_ms: { type: "integer", description: "Unix milliseconds" },
  url: str(),
  status_code: { type: ["integer", "null"], description: "null on a network error or timeout" },
  error: {
    type: ["string", "null"],
    description:
      "The kind of failure (timeout, connection refused, unresolvable host, refused: private address…); the target's reply is never kept",
  },
  duration_ms: { type: "integer", minimum: 0 },
  request_body: str(),
});

export const outputSchemas: Record<string, Schema> = {
  Error: {
    type: "object",
    required: ["message"],
    properties: {
      message: str(),
      errors: {
        type: "object",
        description: "Field messages, Laravel style",
        additionalProperties: { type: "array", items: str() },
      },
    },
    additionalProperties: false,
  },
  Invoice: { ...closed(invoiceFields, ["wallet"]), description: "The creation response" },
  InvoiceInfo: closed(
    {
      ...invoiceFields,
      status: str({ enum: [...INVOICE_STATUSES] }),
      currency: nullable(COIN_CODES),
      network: nullable(NETWORKS),
      additional_data: additionalData,
      transactions: { type: "array", items: ref("Transaction") },
    },
    ["wallet"],
  ),
  Transaction: closed(transactionFields),
  Payment: closed({ ...transactionFields, currency: coin, network, invoice: ref("InvoiceInfo") }),
  Withdrawal: closed({
    id: uuid,
    amount: amountString,
    address: str(),
    additional_data: additionalData,
    created_at: unix,
    update_at: unix,
    status: str({ enum: [...WITHDRAWAL_STATUSES] }),
    currency: coin,
    network,
    order_id: str(),
    fee: amountString,
    payout_amount: amountString,
    is_subtract: { type: "boolean" },
    txid: { type: ["string", "null"] },
  }),
  Merchant: closed({ id: uuid, webhook_url: { type: ["string", "null"] } }),
  MerchantCreated: closed({
    id: uuid,
    invoice_key: str(),
    withdrawal_key: str(),
    webhook_url: { type: ["string", "null"] },
  }),
  Balance: closed({ currency: coin, amount: amountString }),
  Balances: closed({ balances: { type: "array", items: ref("Balance") } }),
  Faults: closed({
    latency_ms: { type: "integer", minimum: 0, maximum: 60000 },
    error_rate: { type: "number", minimum: 0, maximum: 1 },
    drop_after_commit_rate: { type: "number", minimum: 0, maximum: 1 },
    duplicate_webhooks: { type: "boolean" },
    reorder_webhooks: { type: "boolean" },
    reorder_delay_ms: { type: "integer", minimum: 1, maximum: 60000 },
  }),
  WebhookDelivery: closed({
    id: uuid,
    type: str({ enum: ["invoice", "withdrawal"] }),
    resource_id: uuid,
    order_id: str(),
    url: str(),
    state: str({ enum: ["pending", "delivered", "failed"] }),
    attempt_count: { type: "integer", minimum: 0 },
    next_attempt_at: { type: ["integer", "null"], description: "Unix seconds; null unless pending" },
    created_at: unix,
    body: str({ description: "The signed JSON body" }),
    attempts: { type: "array", items: attempt, description: "Oldest first; empty right after a resend" },
  }),
  WebhookDeliveries: closed({
    deliveries: { type: "array", items: ref("WebhookDelivery"), description: "Newest first, at most 200" },
  }),
  ServiceInfo: closed({ name: str(), openapi: str({ description: "Path of this document" }) }),
};
