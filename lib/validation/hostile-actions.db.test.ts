import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionState } from "@/lib/auth/current-user";
import type { Role } from "@/lib/auth/roles";
import { emptyInvoiceForm } from "@/lib/invoices/form-schema";
import { Unavailable } from "@/lib/service/errors";
import { holdsNoUnsafeText, hostileRecord, hostileText, unsafeText } from "@/test-support/hostile-input";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser, signedInSession } from "@/test-support/users";

// Issue #9: hostile values into every server action, through defineAction with a signed-in user:
// never "unexpected", and nothing with NUL or a lone surrogate (or its U+FFFD stand-in) is stored.

const state = vi.hoisted(() => ({
  db: undefined as unknown,
  session: { status: "signed-out" } as SessionState,
}));
vi.mock("@/lib/auth/current-user", () => ({ readSession: async () => state.session }));
vi.mock("@/lib/db/client", () => ({ getDb: async () => state.db, getDbHandle: async () => ({}) }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("@/lib/service/app-client", () => ({
  getServiceClient: () => {
    const down = async () => {
      throw new Unavailable("timeout", "the test's service never answers");
    };
    return { createInvoice: down, createWithdrawal: down, getInvoice: down, checkConnection: down };
  },
}));

const invoices = await import("@/lib/invoices/actions");
const withdrawals = await import("@/lib/withdrawals/actions");
const users = await import("@/lib/users/actions");
const changes = await import("@/lib/change-review/actions");
const join = await import("@/lib/users/join-actions");
const passwords = await import("@/lib/auth/password-actions");
const passkeys = await import("@/lib/account-security/passkey-actions");
const identity = await import("@/lib/auth/identity-actions");
const twoFactor = await import("@/lib/account-security/two-factor-actions");
const recovery = await import("@/lib/account-security/recovery-code-actions");
const ssoSettings = await import("@/lib/users/sso-settings-actions");
// Passkeys belong to the public URL's host: with one, hostile answers reach their checks.
process.env.NEXTAUTH_URL = "https://paydesk.example";
// Two-factor secrets are sealed with a key from it, as in every running app.
process.env.NEXTAUTH_SECRET = "hostile-actions-test-secret";

let testDb: TestDb;
const ids: Partial<Record<Role, string>> = {};
const sessions: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  testDb = await createTestDb();
  state.db = testDb.db;
  for (const role of ["admin", "support", "finance"] as const) {
    const id = (
      await insertUser(testDb.db, { email: `${role}@hostile.test`, password: "x".repeat(12), role })
    ).id;
    ids[role] = id;
    // Signed in with the password just now: what changes a second factor gets past that check.
    sessions[role] = (await signedInSession(testDb.db, id, { maxAgeSeconds: 3600 })).session.id;
  }
}, 60_000);
afterAll(() => testDb?.close());

function signInAs(role: "admin" | "support" | "finance") {
  state.session = {
    status: "active",
    user: {
      id: ids[role] ?? "",
      email: `${role}@hostile.test`,
      name: role,
      role,
      timeZone: null,
      numberLocale: null,
    },
    sessionId: sessions[role] ?? "",
  };
}

// Hostile text without U+FFFD, so that finding one in the database means a lone surrogate got in.
const text = hostileText.filter((value) => !value.includes("\uFFFD"));
const value = fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: unsafeText });
const ID = "0b7c2f9e-3d4a-4c1e-9f00-123456789abc";
/** Base64url text whose JSON holds hostile values (a passkey's clientDataJSON, say). */
const encodedJson = fc
  .record({ type: value, challenge: value, origin: value })
  .map((json) => Buffer.from(JSON.stringify(json)).toString("base64url"));
const passkeyAnswer = (response: fc.Arbitrary<Record<string, unknown>>) =>
  fc.record({
    id: fc.oneof(value, fc.constant("AAAA")),
    rawId: fc.oneof(value, fc.constant("AAAA")),
    type: fc.oneof(fc.constant("public-key"), value),
    clientExtensionResults: fc.oneof(fc.constant({}), hostileRecord(["credProps"])),
    response,
  });

const passkeyAssertion = passkeyAnswer(
  fc.record({
    clientDataJSON: fc.oneof(value, encodedJson),
    authenticatorData: fc.oneof(value, encodedJson),
    signature: fc.oneof(value, encodedJson),
  }),
);

type AnyAction = (input: never) => Promise<{ ok: boolean; code?: string }>;
const CASES: {
  name: string;
  role: "admin" | "support" | "finance";
  action: AnyAction;
  input: fc.Arbitrary<unknown>;
}[] = [
  {
    name: "create invoice",
    role: "support",
    action: invoices.createInvoiceAction,
    input: hostileRecord([
      "amount",
      "fiatCurrency",
      "orderId",
      "customerId",
      "extraData",
      "webhookUrl",
      "currency",
      "network",
    ]).map((form) => ({ ...emptyInvoiceForm("o-1"), amount: "10", ...form })),
  },
  {
    name: "resend invoice",
    role: "support",
    action: invoices.resendInvoiceAction,
    input: fc.record({ invoiceId: value }),
  },
  {
    name: "refresh invoice",
    role: "support",
    action: invoices.refreshInvoiceAction,
    input: fc.record({ invoiceId: value }),
  },
  {
    name: "request withdrawal",
    role: "support",
    action: withdrawals.requestWithdrawalAction,
    input: hostileRecord(["amount", "fiatAmount", "fiatCurrency", "address", "customerId", "reason"]).map(
      (form) => ({
        amountIn: "crypto",
        amount: "1",
        fiatAmount: "",
        fiatCurrency: "USD",
        currency: "USDT",
        network: "TRON",
        address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        isSubtract: true,
        customerId: "",
        reason: "a refund",
        ...form,
      }),
    ),
  },
  {
    name: "approve",
    role: "finance",
    action: withdrawals.approveWithdrawalAction,
    input: fc.record({ id: value }),
  },
  {
    name: "retry",
    role: "finance",
    action: withdrawals.retryWithdrawalAction,
    input: fc.record({ id: value }),
  },
  {
    name: "cancel",
    role: "support",
    action: withdrawals.cancelWithdrawalAction,
    input: fc.record({ id: value }),
  },
  {
    name: "reject",
    role: "finance",
    action: withdrawals.rejectWithdrawalAction,
    input: fc.record({ id: fc.oneof(fc.constant(ID), value), reason: value }),
  },
  {
    name: "approval threshold",
    role: "admin",
    action: withdrawals.setApprovalThresholdAction,
    input: fc.record({
      enabled: fc.boolean(),
      amount: value,
      fiatCurrency: fc.oneof(fc.constant("USD"), value),
    }),
  },
  {
    name: "single sign-on as a second factor",
    role: "admin",
    action: ssoSettings.setSsoSecondFactorAction,
    input: fc.record({ counts: fc.oneof(fc.boolean(), value) }),
  },
  {
    name: "create user",
    role: "admin",
    action: users.createUserAction,
    input: fc.record({
      email: fc.oneof(
        value,
        value.map((local) => `${local}@example.com`),
      ),
      name: value,
      role: fc.oneof(fc.constant("viewer"), value),
    }),
  },
  {
    name: "new invitation link",
    role: "admin",
    action: users.renewInvitationAction,
    input: fc.record({ userId: fc.oneof(fc.constant(ID), value) }),
  },
  {
    name: "reset password",
    role: "admin",
    action: users.resetPasswordAction,
    input: fc.record({ userId: fc.oneof(fc.constant(ID), value) }),
  },
  {
    name: "choose a password through a link",
    role: "support",
    action: join.choosePasswordAction,
    input: fc
      .record({
        token: fc.oneof(value, fc.constant("A".repeat(43))),
        password: fc.oneof(
          value,
          value.map((p) => `${p}-long-enough-password`),
        ),
      })
      .map((form) => ({ ...form, confirmPassword: form.password })),
  },
  {
    name: "change my password",
    role: "support",
    action: passwords.changeMyPasswordAction,
    input: fc
      .record({
        currentPassword: fc.oneof(fc.constant("x".repeat(12)), value),
        password: fc.oneof(
          value,
          value.map((p) => `${p}-long-enough-password`),
        ),
        code: value,
      })
      .map((form) => ({ ...form, confirmPassword: form.password })),
  },
  {
    name: "confirm my password",
    role: "support",
    action: identity.confirmPasswordAction,
    input: fc.record({ password: fc.oneof(fc.constant("x".repeat(12)), value) }),
  },
  {
    name: "change role",
    role: "admin",
    action: users.changeRoleAction,
    input: fc.record({ userId: value, role: value }),
  },
  {
    name: "disable user",
    role: "admin",
    action: users.setUserDisabledAction,
    input: fc.record({ userId: value, disabled: fc.boolean() }),
  },
  {
    name: "reset two-factor",
    role: "admin",
    action: users.resetTwoFactorAction,
    input: fc.record({ userId: fc.oneof(fc.constant(ID), value) }),
  },
  {
    name: "add passkey",
    role: "support",
    action: passkeys.addPasskeyAction,
    input: fc.record({
      name: value,
      response: passkeyAnswer(
        fc.record({
          clientDataJSON: fc.oneof(value, encodedJson),
          attestationObject: fc.oneof(value, encodedJson),
          transports: fc.array(value, { maxLength: 3 }),
        }),
      ),
    }),
  },
  {
    name: "remove passkey",
    role: "support",
    action: passkeys.removePasskeyAction,
    input: fc.record({
      id: fc.oneof(fc.constant(ID), value),
      code: value,
      passkey: passkeyAssertion,
    }),
  },
  {
    name: "start setting up the authenticator app",
    role: "support",
    action: twoFactor.startAuthenticatorAppAction,
    input: fc.record({ code: value, passkey: passkeyAssertion }, { requiredKeys: [] }),
  },
  {
    name: "turn the authenticator app on",
    role: "support",
    action: twoFactor.confirmTwoFactorAction,
    input: fc.record({ code: value, passkey: passkeyAssertion }, { requiredKeys: ["code"] }),
  },
  {
    name: "turn the authenticator app off",
    role: "support",
    action: twoFactor.turnOffTwoFactorAction,
    input: fc.record({ code: value }),
  },
  {
    name: "make new recovery codes",
    role: "support",
    action: recovery.makeNewRecoveryCodesAction,
    input: fc.record({ code: value, passkey: passkeyAssertion }, { requiredKeys: [] }),
  },
  ...(
    [
      ["approve change", changes.approveChangeAction],
      ["reject change", changes.rejectChangeAction],
      ["cancel change", changes.cancelChangeAction],
    ] as const
  ).map(([name, action]) => ({
    name,
    role: "admin" as const,
    action,
    input: fc.record({ id: fc.oneof(fc.constant(ID), value) }),
  })),
];

describe.each(CASES)("the $name action under hostile input", ({ role, action, input }) => {
  it("answers ok, invalid or rejected, never unexpected", async () => {
    signInAs(role);
    await fc.assert(
      fc.asyncProperty(input, async (raw) => {
        const result = await action(raw as never);
        expect(result.ok || result.code !== "unexpected", JSON.stringify(result)).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe("what the actions stored", () => {
  it("holds no NUL, lone surrogate or U+FFFD in any table", async () => {
    const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
    const tables = await testDb.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of rowsOf(tables) as { table_name: string }[]) {
      const rows = await testDb.db.execute(sql`select * from ${sql.identifier(table_name)}`);
      for (const row of rowsOf(rows)) {
        expect(holdsNoUnsafeText(row), table_name).toBe(true);
        expect(JSON.stringify(row), table_name).not.toContain("\uFFFD");
      }
    }
  });
});
