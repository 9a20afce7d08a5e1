import { z } from "zod";
import { safeText } from "@/lib/validation/text";
import { decimalAmountSchema } from "@/lib/service/schemas";
import { FIAT_CURRENCIES } from "@/lib/currencies/fiat";
import { checkAddress } from "@/lib/currencies/address-format";
import { cryptoAmountIssue, fiatAmountIssue } from "@/lib/currencies/amount-rules";
import { paymentMethodIssues } from "@/lib/currencies/crypto";

/**
 * The withdrawal request form, shared by the browser and the server action. The amount is given
 * either in crypto or in fiat (with its currency): `amountIn` says which, and the schema says
 * which field is missing. `requestToken` is made when the form is opened: submitting the same form
 * twice (a double click, two tabs of it, a network retry) makes one request. The order id sent to
 * the service is the server's to make, never the form's.
 */
export const withdrawalFields = {
  requestToken: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "This form is out of date: reload the page and fill it in again."),
  amountIn: z.enum(["crypto", "fiat"]),
  amount: safeText().trim(),
  fiatAmount: safeText().trim(),
  fiatCurrency: safeText().trim(),
  currency: safeText().trim().min(1, "Choose the crypto currency to pay out."),
  network: safeText().trim().min(1, "Choose the network."),
  address: safeText()
    .trim()
    .min(1, "Enter the destination wallet address.")
    .max(200, "An address has at most 200 characters."),
  isSubtract: z.boolean(),
  customerId: safeText().trim().max(255, "A customer id has at most 255 characters."),
  reason: safeText()
    .trim()
    .min(3, "Say why this payout is needed (at least 3 characters).")
    .max(500, "Keep the reason under 500 characters."),
};

type WithdrawalFields = z.output<z.ZodObject<typeof withdrawalFields>>;

/** The checks across fields, shared with forms that extend these fields (a refund). */
export function checkWithdrawalForm(form: WithdrawalFields, ctx: z.RefinementCtx): void {
  const method = form.currency && form.network ? paymentMethodIssues(form.currency, form.network) : {};
  if (method.currency) ctx.addIssue({ code: "custom", path: ["currency"], message: method.currency });
  if (method.network) ctx.addIssue({ code: "custom", path: ["network"], message: method.network });
  if (form.amountIn === "crypto") {
    const parsed = decimalAmountSchema.safeParse(form.amount);
    const issue = parsed.success
      ? cryptoAmountIssue(parsed.data, form.currency)
      : form.amount
        ? (parsed.error.issues[0]?.message ?? "Invalid amount.")
        : "Enter the amount in crypto.";
    if (issue) ctx.addIssue({ code: "custom", path: ["amount"], message: issue });
  } else {
    const parsed = decimalAmountSchema.safeParse(form.fiatAmount);
    const issue = parsed.success
      ? fiatAmountIssue(parsed.data, form.fiatCurrency)
      : form.fiatAmount
        ? (parsed.error.issues[0]?.message ?? "Invalid amount.")
        : "Enter the amount in fiat.";
    if (issue) ctx.addIssue({ code: "custom", path: ["fiatAmount"], message: issue });
    if (!(FIAT_CURRENCIES as readonly string[]).includes(form.fiatCurrency)) {
      ctx.addIssue({
        code: "custom",
        path: ["fiatCurrency"],
        message: "Choose the fiat currency of the amount.",
      });
    }
  }
  if (form.network && form.address && !method.network && !method.currency) {
    const check = checkAddress(form.network, form.address);
    if (check.status === "invalid")
      ctx.addIssue({ code: "custom", path: ["address"], message: check.message });
  }
}

export const withdrawalFormSchema = z.object(withdrawalFields).superRefine(checkWithdrawalForm);

export type WithdrawalFormValues = z.input<typeof withdrawalFormSchema>;
export type ValidWithdrawalForm = z.output<typeof withdrawalFormSchema>;

export function emptyWithdrawalForm(requestToken: string): WithdrawalFormValues {
  return {
    requestToken,
    amountIn: "crypto",
    amount: "",
    fiatAmount: "",
    fiatCurrency: "USD",
    currency: "USDT",
    network: "TRON",
    address: "",
    isSubtract: true,
    customerId: "",
    reason: "",
  };
}

/** Maps the service's field names back onto this form. */
export const SERVICE_FIELD_TO_FORM: Record<string, keyof WithdrawalFormValues> = {
  amount: "amount",
  fiatAmount: "fiatAmount",
  fiatCurrency: "fiatCurrency",
  currency: "currency",
  network: "network",
  address: "address",
  isSubtract: "isSubtract",
  additionalData: "customerId",
};
