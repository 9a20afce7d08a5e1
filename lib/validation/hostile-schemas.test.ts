import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { confirmAppSchema, confirmPasswordSchema, signInSchema } from "@/lib/auth/credentials-schema";
import { secondFactorProofSchema } from "@/lib/auth/passkeys/schemas";
import { changePasswordSchema } from "@/lib/auth/password-policy";
import { choosePasswordSchema } from "@/lib/users/account-link-schemas";
import { emptyInvoiceForm, invoiceFormSchema } from "@/lib/invoices/form-schema";
import { parseInvoiceListParams } from "@/lib/invoices/list-filter";
import { createInvoiceInputSchema, createWithdrawalInputSchema } from "@/lib/service/schemas";
import { changeRoleSchema, createUserSchema, setUserDisabledSchema } from "@/lib/users/schemas";
import { parseWebhookFilter } from "@/lib/webhooks/list-filter";
import { emptyWithdrawalForm, withdrawalFormSchema } from "@/lib/withdrawals/form-schema";
import { parseWithdrawalListParams } from "@/lib/withdrawals/list-filter";
import { rejectWithdrawalSchema } from "@/lib/withdrawals/reject-schema";
import { proposePaidSchema, recordPaidFormSchema } from "@/lib/withdrawals/review-schemas";
import { thresholdFormSchema } from "@/lib/withdrawals/threshold-schema";
import { holdsNoUnsafeText, hostileRecord, hostileText, withUnsafeField } from "@/test-support/hostile-input";

const ID = "0b7c2f9e-3d4a-4c1e-9f00-123456789abc";

// Every schema a form, a server action or the service client parses, with a well-formed input
// and its text fields.
const SCHEMAS: { name: string; schema: z.ZodType; base: Record<string, unknown>; text: string[] }[] = [
  {
    name: "invoice form",
    schema: invoiceFormSchema,
    base: { ...emptyInvoiceForm("ord-1"), amount: "10" },
    text: [
      "amount",
      "orderId",
      "lifetimeSeconds",
      "accuracyPercent",
      "customerId",
      "extraData",
      "webhookUrl",
      "returnUrl",
      "successUrl",
      "currency",
      "network",
    ],
  },
  {
    name: "withdrawal form",
    schema: withdrawalFormSchema,
    base: { ...emptyWithdrawalForm("wd_test_form"), amount: "10", reason: "a refund" },
    text: ["amount", "fiatAmount", "fiatCurrency", "currency", "network", "address", "customerId", "reason"],
  },
  {
    name: "create user",
    schema: createUserSchema,
    base: { email: "a@example.com", name: "A", role: "viewer" },
    text: ["email", "name", "role"],
  },
  {
    name: "choose a password through a link",
    schema: choosePasswordSchema(),
    base: { token: "A".repeat(43), password: "a-long-password", confirmPassword: "a-long-password" },
    text: ["token", "password", "confirmPassword"],
  },
  {
    name: "change my password",
    schema: changePasswordSchema(),
    base: { currentPassword: "x", password: "a-long-password", confirmPassword: "a-long-password", code: "" },
    text: ["currentPassword", "password", "confirmPassword", "code"],
  },
  {
    name: "change role",
    schema: changeRoleSchema,
    base: { userId: ID, role: "viewer" },
    text: ["userId", "role"],
  },
  {
    name: "disable user",
    schema: setUserDisabledSchema,
    base: { userId: ID, disabled: true },
    text: ["userId"],
  },
  {
    name: "sign in",
    schema: signInSchema,
    base: { email: "a@example.com", password: "x" },
    text: ["email", "password"],
  },
  {
    name: "confirm my password",
    schema: confirmPasswordSchema,
    base: { password: "x" },
    text: ["password"],
  },
  {
    name: "turn the authenticator app on",
    schema: confirmAppSchema,
    base: { code: "123456" },
    text: ["code"],
  },
  {
    name: "a fresh second factor alone",
    schema: secondFactorProofSchema,
    base: { code: "" },
    text: ["code"],
  },
  {
    name: "reject",
    schema: rejectWithdrawalSchema,
    base: { id: ID, reason: "wrong address" },
    text: ["id", "reason"],
  },
  {
    name: "record paid form",
    schema: recordPaidFormSchema("USDT"),
    base: { amount: "5", txid: "0xabc", note: "seen in the back office" },
    text: ["amount", "txid", "note"],
  },
  {
    name: "propose paid",
    schema: proposePaidSchema,
    base: { id: ID, amount: "5", txid: "0xabc", note: "seen in the back office" },
    text: ["id", "amount", "txid", "note"],
  },
  {
    name: "threshold",
    schema: thresholdFormSchema,
    base: { enabled: true, amount: "100", fiatCurrency: "USD" },
    text: ["amount", "fiatCurrency"],
  },
  {
    name: "service invoice input",
    schema: createInvoiceInputSchema,
    base: { orderId: "o-1", amount: "10", fiatCurrency: "USD", webhookUrl: "https://example.com/h" },
    text: [
      "orderId",
      "amount",
      "fiatCurrency",
      "currency",
      "network",
      "webhookUrl",
      "returnUrl",
      "successUrl",
    ],
  },
  {
    name: "service withdrawal input",
    schema: createWithdrawalInputSchema,
    base: { orderId: "o-1", address: "T1", isSubtract: true, amount: "1", currency: "USDT", network: "TRON" },
    text: ["orderId", "address", "amount", "currency", "network"],
  },
];

describe.each(SCHEMAS)("the $name schema under hostile input", ({ schema, base, text }) => {
  it("never throws, and what it accepts holds no NUL or lone surrogate", () => {
    fc.assert(
      fc.property(hostileRecord([...Object.keys(base), ...text]), (input) => {
        const result = schema.safeParse({ ...base, ...input });
        if (result.success) expect(holdsNoUnsafeText(result.data)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("refuses NUL and lone surrogates in every text field, on that field", () => {
    fc.assert(
      fc.property(withUnsafeField(base, text), ({ key, input }) => {
        const result = schema.safeParse(input);
        expect(result.success).toBe(false);
        expect(result.error?.issues.some((issue) => issue.path[0] === key)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe("extra data JSON", () => {
  it.each(['{"a":"\\u0000"}', '{"\\ud800":1}', '{"a":["\\udc00"]}'])("refuses %s", (extraData) => {
    const result = invoiceFormSchema.safeParse({ ...emptyInvoiceForm("o-1"), amount: "1", extraData });
    expect(result.error?.issues.map((issue) => issue.path[0])).toContain("extraData");
  });
});

describe("list filters and search parameters", () => {
  const params = fc.dictionary(
    fc.constantFrom(
      "q",
      "status",
      "state",
      "outcome",
      "verified",
      "dateFrom",
      "dateTo",
      "limit",
      "cursor",
      "dir",
      "before",
    ),
    fc.oneof(hostileText, fc.array(hostileText, { maxLength: 3 })),
  );

  it.each([
    ["invoices", parseInvoiceListParams],
    ["withdrawals", parseWithdrawalListParams],
    ["webhooks", parseWebhookFilter],
  ] as const)("the %s filter never throws and never keeps unsafe text", (_name, parse) => {
    fc.assert(
      fc.property(params, (raw) => {
        expect(holdsNoUnsafeText(parse(raw))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
