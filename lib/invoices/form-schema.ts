// big.js, not decimal.js: this schema runs in the invoice form's browser bundle, and an exact
// comparison is all it needs (decimal.js is four times the weight).
import Big from "big.js";
import { z } from "zod";
import { isSafeJson, safeText } from "@/lib/validation/text";
import {
  ADDITIONAL_DATA_MAX_BYTES,
  decimalAmountSchema,
  orderIdSchema,
  type CreateInvoiceInput,
} from "@/lib/service/schemas";
import { FIAT_CURRENCIES } from "@/lib/currencies/fiat";
import { fiatAmountIssue } from "@/lib/currencies/amount-rules";
import { paymentMethodIssues } from "@/lib/currencies/crypto";
import { mailAddressSchema } from "@/lib/mail/mail-address";

/**
 * The invoice form, shared by the browser (react-hook-form) and the server action. Every value is
 * a string or boolean as the form holds it; `toServiceInput` turns a valid form into the client's
 * input. Bounds are those of docs/service-api.md (Invoices).
 */
const optionalUrl = safeText()
  .trim()
  .refine((value) => value === "" || isHttpUrl(value), "Enter a full http(s) address, or leave it empty.");

export const invoiceFormSchema = z
  .object({
    amount: decimalAmountSchema,
    fiatCurrency: z.enum(FIAT_CURRENCIES, "Choose a currency."),
    orderId: orderIdSchema,
    lifetimeSeconds: safeText()
      .trim()
      .regex(/^\d+$/, "Lifetime is a whole number of seconds.")
      .refine((value) => Number(value) >= 300, "Lifetime is at least 300 seconds (5 minutes).")
      .refine((value) => Number(value) <= 43_200, "Lifetime is at most 43200 seconds (12 hours)."),
    accuracyPercent: safeText()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, "Enter a percentage like 0, 1 or 2.5.")
      .refine((value) => Number(value) <= 5, "Accuracy is at most 5 %."),
    isPaymentMultiple: z.boolean(),
    customerId: safeText().trim().max(255, "A customer id has at most 255 characters."),
    /** Where "Email the payment link" sends it; Paydesk's own, never sent to the service. */
    customerEmail: z.string().trim().max(254).pipe(z.literal("").or(mailAddressSchema)),
    /** Minutes before expiry to remind the customer by email, once, while unpaid; "" for none. */
    remindMinutesBefore: z.enum(["", "30", "60", "120"], "Choose one of the listed reminders."),
    extraData: safeText().superRefine(checkExtraData),
    webhookUrl: optionalUrl,
    returnUrl: optionalUrl,
    successUrl: optionalUrl,
    currency: safeText().trim(),
    network: safeText().trim(),
    /** The invoice this one copies ("Duplicate"): only for the audit log, never sent. */
    duplicateOf: z.uuid().optional(),
  })
  .superRefine((form, ctx) => {
    if (form.remindMinutesBefore && !form.customerEmail) {
      ctx.addIssue({
        code: "custom",
        path: ["remindMinutesBefore"],
        message: "A reminder goes to the customer's email: add it above, or choose no reminder.",
      });
    }
    // The currency's own minor units: a yen amount has none, a euro amount at most cents.
    const amountIssue = fiatAmountIssue(form.amount, form.fiatCurrency);
    if (amountIssue) ctx.addIssue({ code: "custom", path: ["amount"], message: amountIssue });
    if (form.currency && !form.network) {
      ctx.addIssue({ code: "custom", path: ["network"], message: "Choose the network for this currency." });
    }
    if (form.network && !form.currency) {
      ctx.addIssue({ code: "custom", path: ["currency"], message: "Choose the currency for this network." });
    }
    if (form.currency && form.network) {
      const method = paymentMethodIssues(form.currency, form.network);
      if (method.currency) ctx.addIssue({ code: "custom", path: ["currency"], message: method.currency });
      if (method.network) ctx.addIssue({ code: "custom", path: ["network"], message: method.network });
    }
  });

export type InvoiceFormValues = z.input<typeof invoiceFormSchema>;

export function emptyInvoiceForm(orderId: string): InvoiceFormValues {
  return {
    amount: "",
    fiatCurrency: "USD",
    orderId,
    lifetimeSeconds: "3600",
    accuracyPercent: "0",
    isPaymentMultiple: true,
    customerId: "",
    customerEmail: "",
    remindMinutesBefore: "",
    extraData: "",
    webhookUrl: "",
    returnUrl: "",
    successUrl: "",
    currency: "",
    network: "",
  };
}

/** The service request for a valid form. additional_data carries the extra JSON and user_id. */
export function toServiceInput(form: z.output<typeof invoiceFormSchema>): CreateInvoiceInput {
  const extra = form.extraData.trim() ? (JSON.parse(form.extraData) as Record<string, unknown>) : {};
  const additionalData = form.customerId ? { ...extra, user_id: form.customerId } : extra;
  return {
    orderId: form.orderId,
    amount: form.amount,
    fiatCurrency: form.fiatCurrency,
    lifetime: Number(form.lifetimeSeconds),
    accuracyPaymentPercent: Number(form.accuracyPercent),
    isPaymentMultiple: form.isPaymentMultiple,
    webhookUrl: form.webhookUrl || undefined,
    returnUrl: form.returnUrl || undefined,
    successUrl: form.successUrl || undefined,
    currency: form.currency || undefined,
    network: form.network || undefined,
    additionalData: Object.keys(additionalData).length > 0 ? additionalData : undefined,
  };
}

/** Maps the service's field names (camelCase from the client) back onto this form's fields. */
export const SERVICE_FIELD_TO_FORM: Record<string, keyof InvoiceFormValues> = {
  amount: "amount",
  fiatCurrency: "fiatCurrency",
  orderId: "orderId",
  lifetime: "lifetimeSeconds",
  accuracyPaymentPercent: "accuracyPercent",
  isPaymentMultiple: "isPaymentMultiple",
  webhookUrl: "webhookUrl",
  returnUrl: "returnUrl",
  successUrl: "successUrl",
  additionalData: "extraData",
  currency: "currency",
  network: "network",
};

function checkExtraData(text: string, ctx: z.RefinementCtx) {
  if (!text.trim()) return;
  if (new TextEncoder().encode(text).length > ADDITIONAL_DATA_MAX_BYTES) {
    ctx.addIssue({ code: "custom", message: "Extra data is larger than 255 KB." });
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: "custom", message: 'Extra data must be valid JSON, like {"invoice_ref": "A-17"}.' });
    return;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    ctx.addIssue({ code: "custom", message: "Extra data must be a JSON object." });
  } else if (!isSafeJson(value)) {
    ctx.addIssue({
      code: "custom",
      message: "Extra data holds a \\u0000 or a broken \\ud8xx escape: remove it.",
    });
  } else if ("user_id" in value) {
    ctx.addIssue({ code: "custom", message: "user_id is reserved: use the Customer id field." });
  } else {
    const lossy = numbersThatLoseDigits(text)[0];
    if (lossy) {
      ctx.addIssue({
        code: "custom",
        message: `The number ${lossy.length > 40 ? `${lossy.slice(0, 40)}…` : lossy} would lose digits: put it in quotes, as text.`,
      });
    }
  }
}

// A JSON string (skipped whole) or a JSON number.
const JSON_TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * The numbers in a JSON text that JavaScript (and so the request to the service) cannot carry
 * exactly: 123456789012345678901234567890 would be sent as 1.2345678901234568e+29.
 */
function numbersThatLoseDigits(text: string): string[] {
  const lossy: string[] = [];
  for (const [token] of text.matchAll(JSON_TOKEN)) {
    if (token.startsWith('"')) continue;
    const carried = Number(token);
    if (!Number.isFinite(carried) || !new Big(token).eq(new Big(String(carried)))) lossy.push(token);
  }
  return lossy;
}

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}
