/**
 * Request body schemas, as lenient as validation.ts really is: amounts as decimal strings or JSON
 * numbers, booleans as true/false/1/0/"1"/"0", integers as numbers or digit strings, and null or ""
 * for an optional field meaning "absent" (booleans and additional_data take null only).
 */
import { COIN_CODES, FIAT_CURRENCIES, NETWORKS } from "../../catalog";
import { WITHDRAWAL_STATUSES } from "../../withdrawals/present";
import { ref, str, type Schema } from "./helpers";

const optional = (schema: Schema): Schema => ({ anyOf: [schema, ref("Absent")] });

const decimalNote =
  'A decimal string with a period ("10.50") or a JSON number, which is read from its source text, never through a float (so 1e3 is refused).';

/** A decimal given as a string or a JSON number; `positive` means > 0, otherwise >= 0. */
function decimalInput(description: string, opts: { decimals?: number; positive?: boolean; max?: number }) {
  const digits = `\\d{1,15}(\\.\\d{1,${opts.decimals ?? 18}})?`;
  return {
    type: ["string", "number"],
    pattern: opts.positive ? `^(?!0+(\\.0+)?$)${digits}$` : `^${digits}$`,
    ...(opts.positive ? { exclusiveMinimum: 0 } : { minimum: 0 }),
    ...(opts.max !== undefined ? { maximum: opts.max } : {}),
    description: `${description}. ${decimalNote}`,
  };
}

const integerInput = (description: string, minimum: number, maximum: number): Schema => ({
  type: ["integer", "string"],
  pattern: "^-?\\d{1,12}$",
  minimum,
  maximum,
  description: `${description}. An integer, or a string of digits, from ${minimum} to ${maximum}.`,
});

const booleanValues = [true, false, 1, 0, "1", "0"];
const booleanInput = (description: string, required: boolean): Schema => ({
  type: required ? ["boolean", "integer", "string"] : ["boolean", "integer", "string", "null"],
  enum: required ? booleanValues : [...booleanValues, null],
  description: `${description}. Laravel's boolean: true, false, 1, 0, "1" or "0"${required ? "" : "; null counts as absent"}.`,
});

const url = (description: string): Schema =>
  optional(str({ format: "uri", pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^/]", maxLength: 2048, description }));

const additionalData: Schema = {
  type: ["object", "array", "null"],
  description:
    "Stored and returned exactly as sent. At most 255 KB (UTF-8 bytes of its compact JSON); null counts as absent.",
};

const orderId: Schema = str({
  minLength: 1,
  maxLength: 255,
  pattern: "^[\\p{L}\\p{M}\\p{N}_-]+$",
  description: "Laravel alpha_dash: Unicode letters, marks and digits, - and _. Idempotency key.",
});

export const inputSchemas: Record<string, Schema> = {
  Absent: {
    type: ["null", "string"],
    maxLength: 0,
    description: 'null or "": the same as leaving the optional field out.',
  },
  InvoiceCreate: {
    type: "object",
    required: ["amount", "fiat_currency", "order_id"],
    properties: {
      amount: decimalInput("Fiat amount, > 0, at most 8 decimals", { decimals: 8, positive: true }),
      fiat_currency: str({ enum: FIAT_CURRENCIES }),
      order_id: orderId,
      is_payment_multiple: { ...booleanInput("Allow several payments", false), default: true },
      lifetime: { ...optional(integerInput("Seconds until expiry", 300, 43200)), default: 3600 },
      accuracy_payment_percent: {
        ...optional(decimalInput("Accepted underpayment, percent", { max: 5 })),
        default: 0,
      },
      webhook_url: url("Webhook URL for this invoice (http or https)"),
      return_url: url("Link back to the shop from the pay page"),
      success_url: url("Link shown on the pay page once paid"),
      additional_data: additionalData,
      currency: optional(
        str({ enum: COIN_CODES, description: "Sandbox extension: fixes the payment method (with network)" }),
      ),
      network: optional(str({ enum: NETWORKS, description: "Required with currency" })),
    },
  },
  WithdrawalCreate: {
    type: "object",
    required: ["order_id", "currency", "network", "address", "is_subtract", "sign"],
    description: "Either amount, or fiat_amount with fiat_currency (never both).",
    properties: {
      amount: optional(decimalInput("Crypto amount, > 0, at most the coin's decimals", { positive: true })),
      fiat_amount: optional(
        decimalInput("Fiat amount, converted at the fixed rates (rounded down)", { positive: true }),
      ),
      fiat_currency: optional(str({ enum: FIAT_CURRENCIES, description: "Required with fiat_amount" })),
      currency: str({ enum: COIN_CODES }),
      network: str({ enum: NETWORKS, description: "Must carry currency" }),
      order_id: orderId,
      address: str({ minLength: 1, maxLength: 128, description: "Must match the network's address format" }),
      is_subtract: booleanInput("true: the fee is added to the debit; false: taken from the payout", true),
      additional_data: additionalData,
      sign: str({
        minLength: 1,
        description:
          "HMAC-SHA256 (64 hex digits) of the canonical JSON of the body without sign, keyed with the invoice key; a wrong one answers 422 Invalid sign",
      }),
    },
  },
  MerchantWebhook: {
    type: "object",
    properties: { webhook_url: url('Project-level webhook URL; absent, null or "" clears it') },
  },
  PaymentCreate: {
    type: "object",
    required: ["amount"],
    properties: {
      amount: decimalInput("Crypto amount, > 0, at most the coin's decimals", { positive: true }),
      currency: optional(str({ enum: COIN_CODES, description: "Required while the invoice has no method" })),
      network: optional(str({ enum: NETWORKS, description: "Required while the invoice has no method" })),
      source_wallet: optional(str({ maxLength: 128, description: "Default: a generated wallet" })),
    },
  },
  BalanceSet: {
    type: "object",
    required: ["amount"],
    properties: { amount: decimalInput("The new balance, >= 0", {}) },
  },
  WithdrawalStatusSet: {
    type: "object",
    required: ["status"],
    properties: { status: str({ enum: [...WITHDRAWAL_STATUSES] }) },
  },
  FaultsSet: {
    type: "object",
    description: "Replaces the whole fault set; a field left out takes its default.",
    properties: {
      latency_ms: { ...optional(integerInput("Delay before each /v1 answer", 0, 60000)), default: 0 },
      error_rate: { ...optional(decimalInput("Share of /v1 calls answered 503", { max: 1 })), default: 0 },
      drop_after_commit_rate: {
        ...optional(decimalInput("Share of /v1 calls dropped after commit", { max: 1 })),
        default: 0,
      },
      duplicate_webhooks: { ...booleanInput("Queue every webhook twice", false), default: false },
      reorder_webhooks: { ...booleanInput("Hold back every odd webhook", false), default: false },
      reorder_delay_ms: {
        ...optional(integerInput("How long reordered webhooks are held", 1, 60000)),
        default: 300,
      },
    },
  },
};
