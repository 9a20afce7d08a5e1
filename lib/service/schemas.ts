// Input rules of docs/service-api.md (invoices and withdrawals), as zod schemas the app's forms can reuse.
// Field names are camelCase; the client maps them to the wire names. Amounts stay decimal strings.
import { z } from "zod";
import { isPositiveAmount } from "@/lib/currencies/amount-rules";
import { isSafeJson, safeText, UNSAFE_TEXT_MESSAGE } from "@/lib/validation/text";

export const ADDITIONAL_DATA_MAX_BYTES = 255 * 1024;

/** Letters, digits, dash, underscore (Laravel's alpha_dash), 1..255 characters. */
export const orderIdSchema = safeText()
  .refine((s) => [...s].length >= 1, "Order id is required.")
  .refine((s) => [...s].length <= 255, "Order id is at most 255 characters.")
  .refine((s) => /^[\p{L}\p{M}\p{N}_-]*$/u.test(s), "Order id may contain only letters, digits, - and _.");

/** A positive decimal with a period as separator, e.g. "10", "0.00015". */
export const decimalAmountSchema = safeText()
  .trim()
  .regex(/^\d+(\.\d+)?$/, "Enter an amount like 12.50, with a period as the decimal separator.")
  .refine(isPositiveAmount, "The amount must be greater than zero.");

export const fiatCurrencySchema = safeText()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "Use a three-letter currency code such as USD.");

const codeSchema = (label: string) =>
  safeText()
    .trim()
    .min(1, `${label} is required when given.`)
    .max(64, `${label} is too long.`)
    .regex(/^[A-Za-z0-9_.-]+$/, `${label} may contain only letters, digits, ., - and _.`);

export const cryptoCurrencySchema = codeSchema("Currency");
export const networkSchema = codeSchema("Network");

const urlSchema = safeText().pipe(z.url({ protocol: /^https?$/, message: "Enter a full http(s) address." }));

function jsonByteLength(value: unknown): number | undefined {
  try {
    const json = JSON.stringify(value);
    return json === undefined ? undefined : new TextEncoder().encode(json).length;
  } catch {
    return undefined;
  }
}

/** Object, array or null; at most 255 KB of JSON. `user_id` is reserved by the service for display. */
export const additionalDataSchema = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .nullable()
  .superRefine((value, ctx) => {
    const size = jsonByteLength(value);
    if (size === undefined) ctx.addIssue({ code: "custom", message: "Additional data must be plain JSON." });
    else if (!isSafeJson(value)) ctx.addIssue({ code: "custom", message: UNSAFE_TEXT_MESSAGE });
    else if (size > ADDITIONAL_DATA_MAX_BYTES) {
      ctx.addIssue({ code: "custom", message: "Additional data is larger than 255 KB." });
    }
  });

export const createInvoiceInputSchema = z.object({
  orderId: orderIdSchema,
  amount: decimalAmountSchema,
  fiatCurrency: fiatCurrencySchema,
  /** Fix the crypto currency and network at creation (sandbox extension; docs/service-api.md). */
  currency: cryptoCurrencySchema.optional(),
  network: networkSchema.optional(),
  isPaymentMultiple: z.boolean().optional(),
  lifetime: z
    .number()
    .int("Lifetime is a whole number of seconds.")
    .min(300, "Lifetime is at least 300 seconds.")
    .max(43200, "Lifetime is at most 43200 seconds (12 hours).")
    .optional(),
  accuracyPaymentPercent: z
    .number()
    .min(0, "Accuracy is at least 0 percent.")
    .max(5, "Accuracy is at most 5 percent.")
    .optional(),
  webhookUrl: urlSchema.nullable().optional(),
  returnUrl: urlSchema.nullable().optional(),
  successUrl: urlSchema.nullable().optional(),
  additionalData: additionalDataSchema.optional(),
});

export const createWithdrawalInputSchema = z
  .object({
    orderId: orderIdSchema,
    address: safeText().trim().min(1, "The wallet address is required."),
    isSubtract: z.boolean(),
    amount: decimalAmountSchema.optional(),
    fiatAmount: decimalAmountSchema.optional(),
    fiatCurrency: fiatCurrencySchema.optional(),
    currency: cryptoCurrencySchema.optional(),
    network: networkSchema.optional(),
    additionalData: additionalDataSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const hasAmount = input.amount !== undefined;
    const hasFiat = input.fiatAmount !== undefined;
    if (hasAmount && hasFiat) {
      const message = "Give either a crypto amount or a fiat amount, not both.";
      ctx.addIssue({ code: "custom", path: ["fiatAmount"], message });
    }
    if (!hasAmount && !hasFiat) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Give a crypto amount or a fiat amount." });
    }
    if (hasFiat && input.fiatCurrency === undefined) {
      ctx.addIssue({ code: "custom", path: ["fiatCurrency"], message: "A fiat amount needs its currency." });
    }
    if (!hasFiat && input.fiatCurrency !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["fiatCurrency"],
        message: "A fiat currency goes with a fiat amount.",
      });
    }
  });

export type CreateInvoiceInput = z.input<typeof createInvoiceInputSchema>;
export type CreateWithdrawalInput = z.input<typeof createWithdrawalInputSchema>;
export type ValidCreateInvoiceInput = z.output<typeof createInvoiceInputSchema>;
export type ValidCreateWithdrawalInput = z.output<typeof createWithdrawalInputSchema>;
