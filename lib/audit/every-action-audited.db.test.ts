import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { eq, gt, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionState } from "@/lib/auth/current-user";
import type { Role } from "@/lib/auth/roles";
import {
  auditLog,
  invoices,
  outbox,
  passkeys,
  unmatchedReports,
  users,
  webhookEvents,
} from "@/lib/db/schema";
import { emptyInvoiceForm } from "@/lib/invoices/form-schema";
import { startSandboxOnCopiedPglite } from "@/lib/sandbox/test/sandbox-on-copied-pglite";
import { createServiceClient, type ServiceClient } from "@/lib/service";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { SoftwareAuthenticator } from "@/test-support/software-authenticator";
import { insertUser, signedInSession } from "@/test-support/users";
import { seedWithdrawal, TEST_TRON_ADDRESS } from "@/test-support/withdrawal-rows";
import type { AuditAction } from "./actions";

/**
 * Issue #10: every server action writes exactly one audit entry (its own, by the person acting)
 * when it succeeds, and none when it is refused. The actions are discovered from the code: every
 * export of every "use server" module under lib/. An action without a case below fails the test.
 */
const state = vi.hoisted(() => ({
  db: undefined as unknown,
  client: undefined as unknown,
  session: { status: "signed-out" } as SessionState,
}));
vi.mock("@/lib/auth/current-user", () => ({ readSession: async () => state.session }));
vi.mock("@/lib/db/client", () => ({ getDb: async () => state.db, getDbHandle: async () => ({}) }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("@/lib/service/app-client", () => ({ getServiceClient: () => state.client }));
process.env.NEXTAUTH_SECRET = "every-action-audited-test-secret";
// Passkeys belong to the public URL's host (lib/auth/passkeys/relying-party.ts).
process.env.NEXTAUTH_URL = "https://paydesk.example";
// Mail is queued, never sent here (no loop runs): the address only has to be a valid configuration.
process.env.SMTP_URL = "smtp://127.0.0.1:9";
process.env.MAIL_FROM = "paydesk@audited.test";

const ROOT = join(__dirname, "..", "..");
const KEYS = { invoiceKey: "audit-invoice-key", withdrawalKey: "audit-withdrawal-key" };
type AnyAction = (
  input: unknown,
) => Promise<{ ok: boolean; code?: string; message?: string; data?: unknown }>;

function* serverActionFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* serverActionFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")) {
      if (/^\s*["']use server["']/.test(readFileSync(path, "utf8"))) yield path;
    }
  }
}

const discovered = new Map<string, AnyAction>();
let testDb: TestDb;
let sandbox: Awaited<ReturnType<typeof startSandboxOnCopiedPglite>>;
const people: Record<string, { id: string; email: string; role: Role }> = {};

beforeAll(async () => {
  for (const file of serverActionFiles(join(ROOT, "lib"))) {
    const exported = (await import(join(ROOT, relative(ROOT, file)))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (typeof value === "function") discovered.set(name, value as AnyAction);
    }
  }
  testDb = await createTestDb();
  state.db = testDb.db;
  sandbox = await startSandboxOnCopiedPglite({ port: 0, demoMerchant: KEYS });
  state.client = createServiceClient({
    baseUrl: sandbox.url,
    ...KEYS,
    retry: { attempts: 1 },
  }) as ServiceClient;
  for (const [name, role] of [
    ["admin", "admin"],
    ["admin2", "admin"],
    ["support", "support"],
    ["finance", "finance"],
    ["finance2", "finance"],
    ["viewer", "viewer"],
    ["target", "support"],
    ["target2", "support"],
    ["grantee", "viewer"],
    ["grantee2", "viewer"],
    ["resettable", "support"],
    ["joiner", "viewer"],
    ["changer", "support"],
    ["keyholder", "support"],
    ["starter", "viewer"],
    ["codeholder", "support"],
  ] as const) {
    const email = `${name}@audited.test`;
    const id = (await insertUser(testDb.db, { email, name, role, password: PASSWORD })).id;
    people[name] = { id, email, role };
    // Signed in with the password just now, as a row: a passkey prompt is kept for its session,
    // and changing a second factor needs the session's password to be fresh.
    sessions[name] = (await signedInSession(testDb.db, id, { maxAgeSeconds: 3600 })).session.id;
  }
  // A viewer whose one session signed in with the password 10 minutes ago (a copied cookie, say):
  // too long ago to change a second factor.
  const email = "copied@audited.test";
  const id = (await insertUser(testDb.db, { email, name: "copied", role: "viewer", password: PASSWORD })).id;
  people.copied = { id, email, role: "viewer" };
  sessions.copied = (
    await signedInSession(testDb.db, id, { now: new Date(Date.now() - 10 * 60_000), maxAgeSeconds: 3600 })
  ).session.id;
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  await testDb?.close();
});

const PASSWORD = "a-long-password-1";
const sessions: Record<string, string> = {};

function actAs(name: string) {
  const who = people[name];
  if (!who) throw new Error(`no ${name}`);
  state.session = {
    status: "active",
    user: { id: who.id, email: who.email, name, role: who.role, timeZone: null, numberLocale: null },
    sessionId: sessions[name] ?? "",
  };
  return who;
}

const authenticator = new SoftwareAuthenticator("https://paydesk.example");
const relyingParty = async () => {
  const { relyingPartyOf } = await import("@/lib/auth/passkeys/relying-party");
  const rp = relyingPartyOf(process.env, { host: null });
  if (!rp) throw new Error("no relying party");
  return rp;
};

const control = (method: string, path: string, body?: object) =>
  fetch(`${sandbox.url}/control${path}`, {
    method,
    headers: { Authorization: `Bearer ${KEYS.invoiceKey}`, "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });

const ids: Record<string, string> = {};
const STRONG_PASSWORD = "pelican mortar quietly 1987";
const totpSecretFor = async (userId: string) => {
  const { pendingSecret } = await import("@/lib/auth/two-factor/store");
  const { appSecretKey } = await import("@/lib/auth/two-factor/app-key");
  return (await pendingSecret(testDb.db as never, appSecretKey(), userId)) ?? "";
};
const totpFor = async (userId: string) =>
  TOTP.generate({ secret: Secret.fromBase32(await totpSecretFor(userId)) });
const withdrawalForm = (requestToken: string) => ({
  requestToken,
  amountIn: "crypto",
  amount: "5",
  fiatAmount: "",
  fiatCurrency: "USD",
  currency: "USDT",
  network: "TRON",
  address: TEST_TRON_ADDRESS,
  isSubtract: true,
  customerId: "",
  reason: "refund of order 7",
});
const dataId = (result: { data?: unknown }, key: string) =>
  String((result.data as Record<string, unknown> | undefined)?.[key] ?? "");
const pendingChangeRows = async () => {
  const result = (await testDb.db.execute(
    sql`select id from pending_changes where state = 'pending' order by proposed_at desc`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
};

/** Each action: who acts, with what (after any setup), and the entry its success writes. */
const CASES: Record<string, { as: string; audit: AuditAction; input: () => Promise<unknown> }> = {
  createUserAction: {
    as: "admin",
    audit: "user.created",
    input: async () => ({
      email: "new@audited.test",
      name: "New",
      role: "support",
    }),
  },
  renewInvitationAction: {
    as: "admin",
    audit: "user.invitation_renewed",
    input: async () => {
      const [invited] = await testDb.db.select().from(users).where(eq(users.email, "new@audited.test"));
      return { userId: invited?.id };
    },
  },
  resetPasswordAction: {
    as: "admin",
    audit: "user.password_reset",
    input: async () => ({ userId: people.resettable?.id }),
  },
  choosePasswordAction: {
    as: "joiner",
    audit: "user.password_set",
    input: async () => {
      const { issueAccountLink } = await import("@/lib/users/account-links");
      const link = await testDb.db.transaction((tx) =>
        issueAccountLink(tx, { userId: people.joiner?.id ?? "", kind: "invitation", createdBy: null }),
      );
      return { token: link.token, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD };
    },
  },
  changeMyPasswordAction: {
    as: "changer",
    audit: "user.password_changed",
    input: async () => ({
      currentPassword: PASSWORD,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    }),
  },
  confirmPasswordAction: {
    as: "viewer",
    audit: "auth.identity_confirmed",
    input: async () => ({ password: PASSWORD }),
  },
  adoptBrowserTimeZoneAction: {
    as: "viewer",
    audit: "user.display_changed",
    input: async () => ({ timeZone: "Europe/Berlin" }),
  },
  saveDisplayPreferencesAction: {
    as: "support",
    audit: "user.display_changed",
    input: async () => ({ timeZone: "America/New_York", numberLocale: "de-DE" }),
  },
  changeRoleAction: {
    as: "admin",
    audit: "user.role_changed",
    input: async () => ({ userId: people.target?.id, role: "viewer", reason: "Moved to reporting only" }),
  },
  setUserDisabledAction: {
    as: "admin",
    audit: "user.disabled",
    input: async () => ({ userId: people.target2?.id, disabled: true }),
  },
  confirmTwoFactorAction: {
    as: "support",
    audit: "user.two_factor_enrolled",
    input: async () => ({ code: await totpFor(people.support?.id ?? "") }),
  },
  startAuthenticatorAppAction: {
    as: "starter",
    audit: "user.two_factor_setup_started",
    input: async () => ({}),
  },
  makeNewRecoveryCodesAction: {
    as: "codeholder",
    audit: "user.recovery_codes_replaced",
    input: async () => {
      // The app set up an hour ago; this session has not confirmed it yet: a code is asked.
      const { confirmEnrollment, spendSecondFactor } = await import("@/lib/auth/two-factor/store");
      const { appSecretKey } = await import("@/lib/auth/two-factor/app-key");
      const userId = people.codeholder?.id ?? "";
      const secret = await totpSecretFor(userId);
      const earlier = Date.now() - 3_600_000;
      await testDb.db.transaction(async (tx) => {
        const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: earlier });
        await spendSecondFactor(tx, appSecretKey(), userId, code, new Date(earlier), {
          allowRecovery: false,
          pending: true,
        });
        await confirmEnrollment(tx, userId, new Date(earlier));
      });
      return { code: TOTP.generate({ secret: Secret.fromBase32(secret) }) };
    },
  },
  turnOffTwoFactorAction: {
    as: "support",
    audit: "user.two_factor_reset",
    input: async () => ({ code: ids.recoveryCode }),
  },
  resetTwoFactorAction: {
    as: "admin",
    audit: "user.two_factor_reset",
    input: async () => {
      actAs("viewer");
      const enrolled = (await discovered.get("confirmTwoFactorAction")?.({
        code: await totpFor(people.viewer?.id ?? ""),
      })) as { ok: boolean };
      expect(enrolled.ok).toBe(true);
      return { userId: people.viewer?.id };
    },
  },
  addPasskeyAction: {
    as: "keyholder",
    audit: "passkey.added",
    input: async () => {
      const { registrationOptions } = await import("@/lib/auth/passkeys/registration");
      const keyholder = {
        id: people.keyholder?.id ?? "",
        email: "keyholder@audited.test",
        name: "keyholder",
      };
      const options = await registrationOptions(testDb.db as never, await relyingParty(), {
        user: keyholder,
        sessionId: sessions.keyholder ?? "",
      });
      return { name: "Laptop", response: authenticator.register(options) };
    },
  },
  removePasskeyAction: {
    as: "keyholder",
    audit: "passkey.removed",
    input: async () => {
      const { assertionOptions } = await import("@/lib/auth/passkeys/assertion");
      const [key] = await testDb.db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, people.keyholder?.id ?? ""));
      const options = await assertionOptions(testDb.db as never, await relyingParty(), {
        purpose: "confirm",
        userId: people.keyholder?.id ?? "",
        sessionId: sessions.keyholder ?? "",
        allow: [{ id: key?.credentialId ?? "" }],
      });
      return { id: key?.id, passkey: authenticator.answer(options) };
    },
  },
  createInvoiceAction: {
    as: "support",
    audit: "invoice.created",
    input: async () => ({ ...emptyInvoiceForm("inv_audited_1"), amount: "12" }),
  },
  resendInvoiceAction: {
    as: "support",
    audit: "invoice.sent_again",
    input: async () => ({ invoiceId: ids.invoice }),
  },
  refreshInvoiceAction: {
    as: "support",
    audit: "invoice.refreshed",
    input: async () => ({ invoiceId: ids.invoice }),
  },
  emailInvoiceAction: {
    as: "support",
    audit: "invoice.emailed",
    input: async () => ({ invoiceId: ids.invoice, kind: "payment_link", to: "customer@audited.test" }),
  },
  saveMailPreferencesAction: {
    as: "finance",
    audit: "user.mail_preferences_changed",
    input: async () => ({
      modes: { approval_waiting: "immediate", payout_attention: "digest" },
      digestTime: "08:00",
    }),
  },
  sendMailAgainAction: {
    as: "admin",
    audit: "mail.sent_again",
    input: async () => {
      const [failed] = await testDb.db
        .insert(outbox)
        .values({
          kind: "payment_link",
          toAddress: "customer@audited.test",
          subject: "Pay",
          textBody: "text",
          htmlBody: "<p>html</p>",
          state: "failed",
          giveUpAt: new Date(),
        })
        .returning({ id: outbox.id });
      return { id: failed?.id };
    },
  },
  saveMailIdentityAction: {
    as: "admin",
    audit: "settings.changed",
    input: async () => ({
      businessName: "Audited Shop",
      replyTo: "help@audited.test",
      footer: "Main Street 1",
    }),
  },
  setReportingCurrencyAction: {
    as: "admin",
    audit: "settings.changed",
    input: async () => ({ currency: "EUR" }),
  },
  checkConnectionAction: { as: "admin", audit: "service.connection_tested", input: async () => ({}) },
  endMySessionAction: {
    as: "viewer",
    audit: "auth.session_ended",
    input: async () => ({
      sessionId: (await signedInSession(testDb.db, people.viewer?.id ?? "")).session.id,
    }),
  },
  endMyOtherSessionsAction: {
    as: "viewer",
    audit: "auth.session_ended",
    input: async () => {
      await signedInSession(testDb.db, people.viewer?.id ?? "");
      return {};
    },
  },
  endUserSessionsAction: {
    as: "admin",
    audit: "auth.session_ended",
    input: async () => {
      await signedInSession(testDb.db, people.support?.id ?? "");
      return { userId: people.support?.id };
    },
  },
  reprocessWebhookEventAction: {
    as: "admin",
    audit: "webhook.reprocessed",
    input: async () => {
      const [event] = await testDb.db
        .insert(webhookEvents)
        .values({
          bodySha256: "audited-event",
          rawBody: JSON.stringify({ type: "invoice", order_id: "nobody-has-this", status: "paid" }),
          verified: true,
          outcome: "failed",
        })
        .returning();
      return { eventId: event?.id };
    },
  },
  reviewUnmatchedReportAction: {
    as: "finance",
    audit: "webhook.unmatched_reviewed",
    input: async () => {
      const [report] = await testDb.db
        .insert(unmatchedReports)
        .values({ resource: "withdrawal", orderId: "wd_audited_stranger", status: "paid", amount: "3" })
        .returning();
      return { reportId: report?.id, note: "Another shop shares the service account." };
    },
  },
  requestWithdrawalAction: {
    as: "support",
    audit: "withdrawal.requested",
    input: async () => withdrawalForm("wd_audited_1"),
  },
  requestRefundAction: {
    as: "support",
    audit: "withdrawal.requested",
    input: async () => ({
      ...withdrawalForm("wd_audited_refund"),
      amount: "1",
      refundOfInvoiceId: await exceptionInvoice("inv_audited_refund", "overpaid"),
    }),
  },
  markNotificationsReadAction: {
    as: "finance",
    audit: "notification.read",
    input: async () => ({ all: true }),
  },
  muteNotificationsAction: {
    as: "support",
    audit: "notification.muted",
    input: async () => ({ kind: "invoice.expired", muted: true }),
  },
  acceptAsPaidAction: {
    as: "support",
    audit: "invoice.resolved",
    input: async () => ({
      invoiceId: await exceptionInvoice("inv_audited_accept", "underpaid"),
      note: "settled in cash",
    }),
  },
  markResolvedAction: {
    as: "admin",
    audit: "invoice.resolved",
    input: async () => ({
      invoiceId: await exceptionInvoice("inv_audited_mark", "overpaid"),
      note: "credited to the account",
    }),
  },
  approveWithdrawalAction: {
    as: "finance",
    audit: "withdrawal.approved",
    input: async () => {
      await control("PUT", "/balances/USDT", { amount: "0" });
      return { id: ids.withdrawal };
    },
  },
  retryWithdrawalAction: {
    as: "finance2",
    audit: "withdrawal.sent_again",
    input: async () => ({ id: ids.withdrawal }),
  },
  rejectWithdrawalAction: {
    as: "finance",
    audit: "withdrawal.rejected",
    input: async () => ({ id: await requested("wd_audited_2"), reason: "duplicate of another request" }),
  },
  keepRetryingWithdrawalAction: {
    as: "finance",
    audit: "withdrawal.sent_again",
    input: async () => ({ id: (await needingReview("wd_audited_review_1")).id }),
  },
  closeWithdrawalAction: {
    as: "finance",
    audit: "withdrawal.closed",
    input: async () => ({
      id: (
        await seedWithdrawal(testDb.db, people.support?.id ?? "", {
          orderId: "wd_audited_failed",
          state: "service_failed",
        })
      ).id,
      reason: "The service failed it; the customer asked for another wallet.",
    }),
  },
  confirmNothingSentAction: {
    as: "finance2",
    audit: "withdrawal.closed",
    input: async () => ({ id: (await closeProposed("wd_audited_review_2")).id }),
  },
  declineCloseAction: {
    as: "finance2",
    audit: "withdrawal.close_declined",
    input: async () => ({ id: (await closeProposed("wd_audited_review_3")).id }),
  },
  proposePaidAction: {
    as: "finance",
    audit: "withdrawal.paid_proposed",
    input: async () => ({
      id: (await needingReview("wd_audited_review_4")).id,
      amount: "10",
      txid: "0xfeedbeef",
      note: "Paid in the service's back office.",
    }),
  },
  confirmPaidAction: {
    as: "finance2",
    audit: "withdrawal.recorded_paid",
    input: async () => ({ id: (await paidProposed("wd_audited_review_5")).id }),
  },
  declinePaidAction: {
    as: "finance2",
    audit: "withdrawal.paid_declined",
    input: async () => ({ id: (await paidProposed("wd_audited_review_6")).id }),
  },
  cancelWithdrawalAction: {
    as: "support",
    audit: "withdrawal.cancelled",
    input: async () => ({ id: await requested("wd_audited_3") }),
  },
  setApprovalThresholdAction: {
    as: "admin",
    audit: "settings.changed",
    input: async () => ({ enabled: true, amount: "1000", fiatCurrency: "USD" }),
  },
  setSsoSecondFactorAction: {
    as: "admin",
    audit: "change.proposed",
    input: async () => ({ counts: true }),
  },
  approveChangeAction: {
    as: "admin2",
    audit: "change.approved",
    input: async () => ({ id: await proposedGrant("grantee") }),
  },
  rejectChangeAction: {
    as: "admin2",
    audit: "change.rejected",
    input: async () => ({ id: await proposedGrant("grantee2") }),
  },
  cancelChangeAction: {
    as: "admin",
    audit: "change.cancelled",
    input: async () => ({ id: await proposedGrant("grantee2") }),
  },
};

const needingReview = (orderId: string) =>
  seedWithdrawal(testDb.db, people.support?.id ?? "", { orderId, state: "needs_review" });

/** A payout that needs review, with finance's proposal to close it waiting for a second person. */
const closeProposed = (orderId: string) =>
  seedWithdrawal(testDb.db, people.support?.id ?? "", {
    orderId,
    state: "needs_review",
    closeProposedBy: people.finance?.id,
    closeProposedAt: new Date(),
    closeProposedReason: "Nothing in the service's back office.",
  });

/** A payout that needs review, with finance's proposal to record it paid waiting for a second person. */
const paidProposed = (orderId: string) =>
  seedWithdrawal(testDb.db, people.support?.id ?? "", {
    orderId,
    state: "needs_review",
    paidProposedBy: people.finance?.id,
    paidProposedAt: new Date(),
    paidProposedAmount: "10",
    paidProposedTxid: "0xfeedbeef",
    paidProposedNote: "Paid in the service's back office.",
  });

async function requested(orderId: string): Promise<string> {
  actAs("support");
  const result = await discovered.get("requestWithdrawalAction")?.(withdrawalForm(orderId));
  return dataId(result ?? {}, "id");
}

async function exceptionInvoice(orderId: string, status: "overpaid" | "underpaid"): Promise<string> {
  await insertListInvoices(testDb.db, [
    {
      orderId,
      status,
      currency: "USDT",
      network: "TRON",
      cryptoAmount: "10",
      paidCryptoAmount: "12",
      createdAt: new Date().toISOString(),
    },
  ]);
  const [row] = await testDb.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  return row?.id ?? "";
}

async function proposedGrant(name: string): Promise<string> {
  actAs("admin");
  const result = await discovered.get("changeRoleAction")?.({
    userId: people[name]?.id,
    role: "finance",
    reason: "Joins the payouts team",
  });
  expect(result?.ok).toBe(true);
  return (await pendingChangeRows())[0] ?? "";
}

const entriesSince = (since: Date) => testDb.db.select().from(auditLog).where(gt(auditLog.createdAt, since));

describe("every server action is audited", () => {
  it("has a case for every action discovered in the code, and no case for an action that is gone", () => {
    expect(discovered.size).toBeGreaterThan(15);
    expect([...discovered.keys()].sort()).toEqual(Object.keys(CASES).sort());
  });

  it("refused (no permission, or signed out), an action writes nothing", async () => {
    for (const [name, action] of discovered) {
      const before = (await testDb.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n;
      state.session = { status: "signed-out" };
      expect((await action({})).ok, name).toBe(false);
      // Without the permission, or without a fresh password for what asks for one (a viewer may
      // change their own second factors).
      actAs("copied");
      const refused = await action({});
      expect(refused.ok, name).toBe(false);
      const after = (await testDb.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n;
      expect(after, name).toBe(before);
    }
  });

  it("succeeding, each writes exactly one entry of its own, by the person acting", async () => {
    for (const [name, testCase] of Object.entries(CASES)) {
      const input = await testCase.input();
      const who = actAs(testCase.as);
      const since = new Date(Date.now() - 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
      const result = await discovered.get(name)?.(input);
      expect(result, `${name}: ${JSON.stringify(result)}`).toMatchObject({ ok: true });
      const own = (await entriesSince(since)).filter(
        (entry) => entry.action === testCase.audit && entry.actorId === who.id,
      );
      expect(own, name).toHaveLength(1);
      expect(own[0]?.clientAddress, name).toBe("192.0.2.1");
      if (name === "createInvoiceAction") ids.invoice = dataId(result ?? {}, "invoiceId");
      if (name === "requestWithdrawalAction") ids.withdrawal = dataId(result ?? {}, "id");
      if (name === "confirmTwoFactorAction") {
        ids.recoveryCode = ((result?.data as { recoveryCodes: string[] }).recoveryCodes ?? [])[0] ?? "";
      }
    }
  });
});
