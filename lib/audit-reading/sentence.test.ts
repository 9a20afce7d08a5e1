import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_GROUPS, SIGN_IN_ACTIONS } from "@/lib/audit/action-labels";
import { AUDIT_ACTIONS, type AuditAction } from "@/lib/audit/actions";
import type { AuditEntryView } from "@/lib/audit/entry-view";
import { displayFormatter } from "@/lib/display/formatter";
import { WITHDRAWAL_STATE_LABELS as STATE } from "@/lib/withdrawals/state-labels";
import { entryChanges } from "./entry-changes";
import { describeAuditEntry } from "./sentence";
import { sentenceText, type AuditReader, type SentencePart } from "./sentence-parts";

const SAM = "5a000000-0000-4000-8000-000000000001";
const ADA = "5a000000-0000-4000-8000-000000000002";
const FRAN = "5a000000-0000-4000-8000-000000000003";
const INVOICE = "1a000000-0000-4000-8000-000000000001";
const ORIGINAL = "1a000000-0000-4000-8000-000000000002";
const WITHDRAWAL = "2b000000-0000-4000-8000-000000000001";
const CHANGE = "3c000000-0000-4000-8000-000000000001";
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

const admin = (locale = "en-US"): AuditReader => ({
  ...displayFormatter({ timeZone: "Europe/Berlin", locale }),
  mayManageUsers: true,
  mayViewChanges: true,
});
const finance: AuditReader = { ...admin(), mayManageUsers: false, mayViewChanges: false };

const sam = {
  actorKind: "user",
  actorId: SAM,
  actorEmail: "support@example.com",
  actorName: "Sam Support",
} as const;
const ada = {
  actorKind: "user",
  actorId: ADA,
  actorEmail: "admin@example.com",
  actorName: "Ada Admin",
} as const;
const fran = {
  actorKind: "user",
  actorId: FRAN,
  actorEmail: "finance@example.com",
  actorName: "Fran Finance",
} as const;
const paydesk = { actorKind: "system", actorId: null, actorEmail: null, actorName: null } as const;
const service = { actorKind: "webhook", actorId: null, actorEmail: null, actorName: null } as const;

const aboutSam = {
  objectType: "user",
  objectId: SAM,
  objectUser: { name: "Sam Support", email: "support@example.com" },
};
const aboutSelf = (actor: { actorId: string; actorName: string; actorEmail: string }) => ({
  objectType: "user",
  objectId: actor.actorId,
  objectUser: { name: actor.actorName, email: actor.actorEmail },
});
const anInvoice = {
  objectType: "invoice",
  objectId: INVOICE,
  invoice: { orderId: "ORD-D-1042", amount: "120", fiatCurrency: "EUR", currency: "USDT" },
};
const aWithdrawal = {
  objectType: "withdrawal",
  objectId: WITHDRAWAL,
  withdrawal: {
    orderId: "wd_1",
    amount: "50.000000",
    currency: "USDT",
    fiatAmount: null,
    fiatCurrency: null,
    address: ADDRESS,
    refundOfInvoiceId: null,
  },
};
const grantFinance = { change: { kind: "grant_role" as const, payload: { role: "finance" } } };

function entry(fields: Partial<AuditEntryView>): AuditEntryView {
  return {
    id: "e0000000-0000-4000-8000-000000000001",
    createdAt: "2026-11-25T20:06:00.000Z",
    ...sam,
    clientAddress: "203.0.113.7",
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    action: "invoice.created",
    objectType: null,
    objectId: null,
    before: null,
    after: null,
    note: null,
    objectUser: null,
    invoice: null,
    withdrawal: null,
    relatedInvoice: null,
    change: null,
    ...fields,
  };
}

/** Every action, as it is written (see the recordAudit calls), and the sentence it reads as. */
const EVERY_ACTION: Record<AuditAction, { entry: Partial<AuditEntryView>; reads: string }> = {
  "auth.signed_in": {
    entry: { ...aboutSelf(sam), after: { session: "s1" }, note: "With a two-factor code." },
    reads: "Sam Support signed in with a two-factor code",
  },
  "auth.sign_in_failed": {
    entry: {
      actorKind: "user",
      actorId: null,
      actorName: null,
      actorEmail: "x@y.test",
      note: "Wrong email or password.",
    },
    reads: "Someone failed to sign in as x@y.test (wrong email or password)",
  },
  "auth.locked_out": {
    entry: {
      actorKind: "user",
      actorId: null,
      actorName: null,
      actorEmail: "x@y.test",
      note: "Too many failed passwords.",
    },
    reads: "Paydesk paused sign-ins as x@y.test (too many failed passwords)",
  },
  "user.sso_linked": {
    entry: { ...aboutSelf(sam), after: { issuer: "https://id.example.com", subject: "248289761001" } },
    reads: "Sam Support was linked to single sign-on at https://id.example.com",
  },
  "auth.signed_out": {
    entry: { ...aboutSelf(sam), after: { session: "s1" } },
    reads: "Sam Support signed out",
  },
  "auth.session_ended": {
    entry: { ...ada, ...aboutSam, after: { sessions: 2 }, note: "Ended by an admin." },
    reads: "Ada Admin ended 2 sessions of Sam Support",
  },
  "auth.second_factor_confirmed": {
    entry: { ...fran, ...aboutSelf(fran), note: "With a code from the authenticator app." },
    reads: "Fran Finance confirmed their second factor with a code from the authenticator app",
  },
  "auth.identity_confirmed": {
    entry: { ...sam, ...aboutSelf(sam), after: { session: "s1" }, note: "With their password." },
    reads: "Sam Support confirmed it was them with their password",
  },
  "auth.identity_confirm_failed": {
    entry: { ...sam, ...aboutSelf(sam), after: { session: "s1" }, note: "Wrong password." },
    reads: "Sam Support failed to confirm it was them (wrong password)",
  },
  "user.created": {
    entry: {
      ...ada,
      objectType: "user",
      objectId: FRAN,
      objectUser: { name: "Fran Finance", email: "finance@example.com" },
      after: {
        email: "finance@example.com",
        name: "Fran Finance",
        role: "support",
        disabled: false,
        pendingRole: "finance",
        change: CHANGE,
        invitationExpiresAt: "2026-11-28T20:06:00.000Z",
      },
      note: "Invited: they choose their password through their one-time link.",
    },
    reads: "Ada Admin invited Fran Finance as Support; Finance waits for a second admin's approval",
  },
  "user.role_changed": {
    entry: {
      ...ada,
      ...aboutSam,
      before: { role: "support", disabled: false },
      after: { role: "finance", disabled: false },
    },
    reads: "Ada Admin changed Sam Support's role from Support to Finance",
  },
  "user.disabled": {
    entry: {
      ...ada,
      ...aboutSam,
      before: { role: "support", disabled: false },
      after: { role: "support", disabled: true },
    },
    reads: "Ada Admin disabled Sam Support",
  },
  "user.enabled": {
    entry: {
      ...ada,
      ...aboutSam,
      before: { role: "support", disabled: true },
      after: { role: "support", disabled: false },
    },
    reads: "Ada Admin enabled Sam Support again",
  },
  "user.two_factor_setup_started": {
    entry: { ...fran, ...aboutSelf(fran), after: { session: "s1" } },
    reads: "Fran Finance started setting up an authenticator app (its key was shown)",
  },
  "user.two_factor_enrolled": {
    entry: { ...fran, ...aboutSelf(fran), before: { twoFactor: false }, after: { twoFactor: true } },
    reads: "Fran Finance turned on two-factor sign-in with an authenticator app",
  },
  "user.two_factor_reset": {
    entry: { ...ada, ...aboutSam, before: { role: "support", disabled: false }, after: { twoFactor: false } },
    reads: "Ada Admin reset the two-factor sign-in of Sam Support",
  },
  "user.recovery_code_used": {
    entry: { ...fran, ...aboutSelf(fran), note: "Used at sign-in." },
    reads: "Fran Finance signed in with a recovery code",
  },
  "user.recovery_codes_replaced": {
    entry: {
      ...fran,
      ...aboutSelf(fran),
      after: { session: "s1" },
      note: "The earlier recovery codes no longer work.",
    },
    reads: "Fran Finance made new recovery codes; the earlier ones no longer work",
  },
  "user.invitation_renewed": {
    entry: { ...ada, ...aboutSam, after: { invitationExpiresAt: "2026-11-28T20:06:00.000Z" } },
    reads: "Ada Admin sent Sam Support a new invitation link",
  },
  "user.password_set": {
    entry: {
      ...aboutSelf(sam),
      after: { link: "invitation" },
      note: "Chose their password through their invitation link.",
    },
    reads: "Sam Support chose their password through their invitation link",
  },
  "user.password_changed": {
    entry: {
      ...aboutSelf(sam),
      after: { sessionsEnded: 1 },
      note: "Changed by its owner; every other session of theirs ended.",
    },
    reads: "Sam Support changed their password",
  },
  "user.password_reset": {
    entry: { ...ada, ...aboutSam, after: { sessionsEnded: 0, linkExpiresAt: "2026-11-26T20:06:00.000Z" } },
    reads: "Ada Admin reset the password of Sam Support",
  },
  "user.mail_preferences_changed": {
    entry: {
      ...aboutSelf(sam),
      before: { byEmail: {}, digestTime: "08:00" },
      after: { byEmail: { my_withdrawal: "immediate", invoice_exception: "immediate" }, digestTime: "08:00" },
    },
    reads: "Sam Support chose to get 2 kinds of notification by email",
  },
  "user.display_changed": {
    entry: {
      ...aboutSelf(sam),
      before: { timeZone: "UTC", numberLocale: "en-US" },
      after: { timeZone: "Europe/Berlin", numberLocale: "de-DE" },
    },
    reads: "Sam Support set their time zone to Europe/Berlin and their number format to de-DE",
  },
  "passkey.added": {
    entry: {
      ...aboutSelf(sam),
      after: { passkey: { id: "p1", name: "Phone", backedUp: true }, twoFactor: true },
    },
    reads: "Sam Support added the passkey “Phone”",
  },
  "passkey.removed": {
    entry: {
      ...aboutSelf(sam),
      before: { passkey: { id: "p1", name: "Phone" } },
      after: { twoFactor: false },
    },
    reads: "Sam Support removed the passkey “Phone”; their account has no second factor now",
  },
  "invoice.created": {
    entry: { ...anInvoice, after: { orderId: "ORD-D-1042", amount: "120", fiatCurrency: "EUR" } },
    reads: "Sam Support created invoice ORD-D-1042 for 120.00 EUR",
  },
  "invoice.sent_again": {
    entry: { ...paydesk, ...anInvoice, after: { orderId: "ORD-D-1042", attempt: 3 } },
    reads: "Paydesk sent invoice ORD-D-1042 to the payment service again (attempt 3)",
  },
  "invoice.refreshed": {
    entry: { ...anInvoice, after: { statusChanged: true, newTransactions: 1 } },
    reads:
      "Sam Support asked the payment service about invoice ORD-D-1042: its status changed, 1 new payment",
  },
  "invoice.duplicated": {
    entry: {
      ...anInvoice,
      relatedInvoice: { id: ORIGINAL, orderId: "ORD-D-1041" },
      after: { orderId: "ORD-D-1042", amount: "120", fiatCurrency: "EUR", duplicateOf: ORIGINAL },
    },
    reads: "Sam Support created invoice ORD-D-1042 for 120.00 EUR, a copy of ORD-D-1041",
  },
  "invoice.emailed": {
    entry: { ...anInvoice, after: { kind: "payment_link", to: "cleo@customer.example" } },
    reads: "Sam Support emailed the payment link of invoice ORD-D-1042 to cleo@customer.example",
  },
  "invoice.resolved": {
    entry: {
      ...anInvoice,
      after: { how: "accepted_as_paid", refundWithdrawalId: null },
      note: "The customer paid the rest by bank transfer",
    },
    reads: "Sam Support resolved invoice ORD-D-1042: Accepted as paid",
  },
  "invoice.reopened": {
    entry: {
      ...service,
      ...anInvoice,
      before: { resolution: "refunded", received: "150" },
      after: { received: "170" },
      note: "20 USDT more arrived after it was resolved (refunded).",
    },
    reads:
      "The payment service reported 20.00 USDT more for invoice ORD-D-1042 after it was resolved (Refunded): it is open again",
  },
  "withdrawal.requested": {
    entry: { ...aWithdrawal, after: { state: "awaiting_approval" }, note: "Refund for order 1001" },
    reads: "Sam Support requested withdrawal wd_1 of 50.00 USDT to TR7NHq…Lj6t",
  },
  "withdrawal.approved": {
    entry: {
      ...fran,
      ...aWithdrawal,
      before: { state: "awaiting_approval" },
      after: { state: "awaiting_approval" },
      note: "Approval 1 of 2",
    },
    reads: "Fran Finance approved withdrawal wd_1 of 50.00 USDT to TR7NHq…Lj6t (approval 1 of 2)",
  },
  "withdrawal.rejected": {
    entry: {
      ...fran,
      ...aWithdrawal,
      withdrawal: { ...aWithdrawal.withdrawal, refundOfInvoiceId: INVOICE },
      relatedInvoice: { id: INVOICE, orderId: "ORD-D-1042" },
      before: { state: "awaiting_approval" },
      after: { state: "rejected" },
      note: "Wrong address",
    },
    reads: "Fran Finance rejected refund wd_1 of 50.00 USDT for invoice ORD-D-1042",
  },
  "withdrawal.cancelled": {
    entry: { ...aWithdrawal, before: { state: "awaiting_approval" }, after: { state: "cancelled" } },
    reads: "Sam Support cancelled withdrawal wd_1 of 50.00 USDT",
  },
  "withdrawal.submitted": {
    entry: { ...paydesk, ...aWithdrawal, before: { state: "approved" }, after: { state: "submitting" } },
    reads: "Paydesk sent withdrawal wd_1 of 50.00 USDT to the payment service",
  },
  "withdrawal.sent_again": {
    entry: { ...fran, ...aWithdrawal, before: { state: "failed" }, after: { state: "awaiting_approval" } },
    reads: "Fran Finance put withdrawal wd_1 of 50.00 USDT back for approval",
  },
  "withdrawal.closed": {
    entry: { ...fran, ...aWithdrawal, before: { state: "failed" }, after: { state: "closed" } },
    reads: "Fran Finance closed withdrawal wd_1 of 50.00 USDT",
  },
  "withdrawal.close_proposed": {
    entry: { ...fran, ...aWithdrawal, before: { state: "needs_review" }, after: { state: "needs_review" } },
    reads: "Fran Finance proposed closing withdrawal wd_1 of 50.00 USDT as never sent",
  },
  "withdrawal.close_declined": {
    entry: { ...fran, ...aWithdrawal, before: { state: "needs_review" }, after: { state: "needs_review" } },
    reads: "Fran Finance declined closing withdrawal wd_1 of 50.00 USDT",
  },
  "withdrawal.paid_proposed": {
    entry: {
      ...fran,
      ...aWithdrawal,
      before: { state: "conflict" },
      after: { state: "conflict", amount: "50", txid: "abc" },
    },
    reads: `Fran Finance proposed recording withdrawal wd_1 of 50.00 USDT as ${STATE.paid}`,
  },
  "withdrawal.paid_declined": {
    entry: { ...fran, ...aWithdrawal, before: { state: "conflict" }, after: { state: "conflict" } },
    reads: `Fran Finance declined recording withdrawal wd_1 of 50.00 USDT as ${STATE.paid}`,
  },
  "withdrawal.recorded_paid": {
    entry: {
      ...fran,
      ...aWithdrawal,
      before: { state: "needs_review" },
      after: { state: "paid", txid: "abc" },
    },
    reads: `Fran Finance recorded withdrawal wd_1 of 50.00 USDT as ${STATE.paid}`,
  },
  "withdrawal.state_changed": {
    entry: {
      ...service,
      ...aWithdrawal,
      before: { state: "submitted" },
      after: { state: "paid", serviceStatus: "paid", txid: "abc", serviceId: "svc-1" },
      note: 'The service reports it "paid".',
    },
    reads: `The payment service reported withdrawal wd_1 of 50.00 USDT as ${STATE.paid} (it was ${STATE.submitted})`,
  },
  "settings.changed": {
    entry: {
      ...ada,
      objectType: "settings",
      objectId: "approval_threshold",
      before: { threshold: null },
      after: { threshold: { amount: "1000", fiatCurrency: "EUR" } },
    },
    reads: "Ada Admin changed the approval rule to two approvers above 1,000.00 EUR",
  },
  "service.connection_tested": {
    entry: {
      ...ada,
      objectType: "service",
      objectId: "payments",
      after: { reachable: true, baseUrl: "https://pay.example", latencyMs: 120, message: "Both keys work." },
    },
    reads: "Ada Admin tested the connection to the payment service: it answered",
  },
  "webhook.unmatched_reviewed": {
    entry: {
      ...ada,
      objectType: "webhook",
      objectId: "evt-2",
      before: { orderId: "ORD-X-9", resource: "invoice", status: "paid", amount: "30", currency: "USDT" },
      note: "Another shop of ours uses the same service account.",
    },
    reads: "Ada Admin looked into the payment service's report about ORD-X-9, which Paydesk never made",
  },
  "webhook.reprocessed": {
    entry: {
      ...ada,
      objectType: "webhook",
      objectId: "evt-1",
      before: { orderId: "ORD-D-1042", attempts: 3 },
    },
    reads: "Ada Admin processed the payment service's message about ORD-D-1042 again",
  },
  "change.proposed": {
    entry: {
      ...ada,
      ...aboutSam,
      ...grantFinance,
      before: { role: "support", disabled: false },
      after: { role: "finance", disabled: false, change: CHANGE },
      note: "Make support@example.com Finance: waits for a second admin's approval.",
    },
    reads: "Ada Admin proposed “Make Sam Support Finance”; it waits for a second admin",
  },
  "change.approved": {
    entry: {
      ...ada,
      actorName: "Abe Admin",
      ...aboutSam,
      ...grantFinance,
      before: { role: "support", disabled: false },
      after: {
        role: "finance",
        disabled: false,
        change: {
          id: CHANGE,
          kind: "grant_role",
          description: "Make support@example.com Finance",
          proposedBy: "admin@example.com",
        },
      },
    },
    reads: "Abe Admin approved “Make Sam Support Finance”, proposed by admin@example.com",
  },
  "change.cancelled": {
    entry: {
      ...ada,
      ...aboutSam,
      ...grantFinance,
      after: { change: { id: CHANGE, kind: "grant_role", description: "Make support@example.com Finance" } },
    },
    reads: "Ada Admin withdrew “Make Sam Support Finance”",
  },
  "change.rejected": {
    entry: {
      ...ada,
      actorName: "Abe Admin",
      objectType: "settings",
      objectId: "approval_threshold",
      change: { kind: "approval_threshold", payload: { threshold: { amount: "1000", fiatCurrency: "EUR" } } },
      after: {
        change: {
          id: CHANGE,
          kind: "approval_threshold",
          description: "Require two approvers above 1000 EUR",
          proposedBy: "admin@example.com",
        },
      },
    },
    reads: "Abe Admin rejected “Require two approvers above 1,000.00 EUR”, proposed by admin@example.com",
  },
  "csv.exported": {
    entry: {
      ...fran,
      objectType: "export",
      objectId: "audit",
      after: { filter: { person: "support@example.com" } },
    },
    reads: "Fran Finance exported the audit log as CSV",
  },
  "mail.sent_again": {
    entry: {
      ...ada,
      objectType: "mail",
      objectId: "0b7c2f9e-3d4a-4c1e-9f00-123456789abc",
      after: { to: "cleo@customer.example", subject: "Shop asks you to pay 120.00 EUR" },
    },
    reads: "Ada Admin sent an email again to cleo@customer.example (“Shop asks you to pay 120.00 EUR”)",
  },
  "notification.read": {
    entry: { ...fran, after: { marked: 3 } },
    reads: "Fran Finance marked 3 notifications as read",
  },
  "notification.muted": {
    entry: { ...sam, after: { kind: "invoice.expired", muted: true } },
    reads: "Sam Support muted invoices expiring",
  },
};

const read = (fields: Partial<AuditEntryView>, reader = admin()) => describeAuditEntry(entry(fields), reader);
const links = (parts: SentencePart[]) =>
  parts.flatMap((part) => (typeof part !== "string" && part.href ? [[part.text, part.href]] : []));

describe("an audit entry as a sentence", () => {
  it.each(AUDIT_ACTIONS)("%s reads in plain words, with no code", (action) => {
    const { entry: fields, reads } = EVERY_ACTION[action];
    const sentence = read({ ...fields, action });
    const text = sentenceText(sentence.parts);
    expect(text).toBe(reads);
    for (const code of AUDIT_ACTIONS) expect(text).not.toContain(code);
    expect(text).not.toMatch(/undefined|null|NaN|\[object|"/);
  });

  it("says what became of single sign-on as a second factor", () => {
    const changed = (counts: boolean) =>
      sentenceText(
        read({
          ...ada,
          action: "settings.changed",
          objectType: "settings",
          objectId: "sso_second_factor",
          before: { counts: !counts },
          after: { counts },
        }).parts,
      );
    expect(changed(false)).toBe("Ada Admin stopped counting single sign-on as a second factor");
    expect(changed(true)).toBe("Ada Admin made single sign-on count as a second factor");
  });

  it("names the other settings for what they are, not as the approval rule", () => {
    const changed = (objectId: string, after: Record<string, unknown>) =>
      sentenceText(
        read({ ...ada, action: "settings.changed", objectType: "settings", objectId, before: null, after })
          .parts,
      );
    expect(changed("reporting_currency", { currency: "EUR" })).toBe(
      "Ada Admin made EUR the reporting currency",
    );
    expect(changed("mail_identity", { businessName: "Shop" })).toBe(
      "Ada Admin changed how customer email presents the business",
    );
  });

  it("says when a sign-in came from a browser new to the account", () => {
    const signedIn = (after: Record<string, unknown>) =>
      sentenceText(
        read({ ...aboutSelf(sam), action: "auth.signed_in", after, note: "With a two-factor code." }).parts,
      );
    expect(signedIn({ session: "s1", newBrowser: true })).toBe(
      "Sam Support signed in from a browser new to the account with a two-factor code",
    );
    expect(signedIn({ session: "s1" })).toBe("Sam Support signed in with a two-factor code");
  });

  it("says when enabling someone made them a new link", () => {
    const enabled = (after: Record<string, unknown>) =>
      sentenceText(read({ ...ada, ...aboutSam, action: "user.enabled", after }).parts);
    expect(enabled({ disabled: false, newLink: "invitation" })).toBe(
      "Ada Admin enabled Sam Support again, with a new invitation link",
    );
    expect(enabled({ disabled: false, newLink: "password_reset" })).toBe(
      "Ada Admin enabled Sam Support again, with a new password reset link",
    );
  });

  it("names the statement's downloads and the workbook's format", () => {
    const exported = (objectId: string, format?: string) =>
      sentenceText(
        read({ ...fran, action: "csv.exported", objectType: "export", objectId, after: { format } }).parts,
      );
    expect(exported("statement-summary", "csv")).toBe("Fran Finance exported the statement's summary as CSV");
    expect(exported("statement-lines", "csv")).toBe("Fran Finance exported the statement's lines as CSV");
    expect(exported("statement", "xlsx")).toBe("Fran Finance exported the statement as a workbook (XLSX)");
  });

  it("says which notifications come in a daily digest, and still reads the older list of categories", () => {
    const chose = (after: Record<string, unknown>) =>
      sentenceText(read({ ...aboutSelf(sam), action: "user.mail_preferences_changed", after }).parts);
    expect(
      chose({ byEmail: { my_withdrawal: "immediate", invoice_exception: "digest" }, digestTime: "07:30" }),
    ).toBe("Sam Support chose to get 2 kinds of notification by email, 1 in a daily digest at 07:30");
    expect(chose({ byEmail: { my_withdrawal: "digest" }, digestTime: "18:00" })).toBe(
      "Sam Support chose to get one kind of notification by email, all in a daily digest at 18:00",
    );
    expect(chose({ byEmail: ["my_withdrawal"] })).toBe(
      "Sam Support chose to get one kind of notification by email",
    );
  });

  it("names objects by their human id, linked to their page", () => {
    expect(links(read({ ...EVERY_ACTION["invoice.created"].entry }).parts)).toEqual([
      ["Sam Support", `/admin/users/${SAM}`],
      ["ORD-D-1042", `/invoices/${INVOICE}`],
    ]);
    expect(
      links(read({ ...EVERY_ACTION["withdrawal.rejected"].entry, action: "withdrawal.rejected" }).parts),
    ).toEqual([
      ["Fran Finance", `/admin/users/${FRAN}`],
      ["wd_1", `/withdrawals/${WITHDRAWAL}`],
      ["ORD-D-1042", `/invoices/${INVOICE}`],
    ]);
    const proposed = read({ ...EVERY_ACTION["change.proposed"].entry, action: "change.proposed" });
    expect(links(proposed.parts)).toContainEqual(["“Make Sam Support Finance”", "/admin/changes"]);
    // The whole destination address on hover; a short one in the sentence.
    const requested = read({ ...EVERY_ACTION["withdrawal.requested"].entry, action: "withdrawal.requested" });
    expect(requested.parts).toContainEqual({ text: "TR7NHq…Lj6t", title: ADDRESS });
  });

  it("links people only for a reader who may manage users, and changes only for one who may see them", () => {
    const changed = { ...EVERY_ACTION["user.role_changed"].entry, action: "user.role_changed" };
    expect(links(read(changed).parts).map(([, href]) => href)).toEqual([
      `/admin/users/${ADA}`,
      `/admin/users/${SAM}`,
    ]);
    expect(links(read(changed, finance).parts)).toEqual([]);
    expect(sentenceText(read(changed, finance).parts)).toBe(
      "Ada Admin changed Sam Support's role from Support to Finance",
    );
    const proposed = { ...EVERY_ACTION["change.proposed"].entry, action: "change.proposed" };
    expect(links(read(proposed, finance).parts)).toEqual([]);
  });

  it("writes amounts in the reader's number format", () => {
    const created = read(
      { ...EVERY_ACTION["invoice.created"].entry, invoice: { ...anInvoice.invoice, amount: "12500.5" } },
      admin("de-DE"),
    );
    expect(sentenceText(created.parts)).toBe("Sam Support created invoice ORD-D-1042 for 12.500,50 EUR");
  });

  it("still reads when what it names is gone", () => {
    // The invoice is gone: its order id and amount as the entry wrote them down, not linked.
    const gone = read({ ...EVERY_ACTION["invoice.created"].entry, invoice: null });
    expect(sentenceText(gone.parts)).toBe("Sam Support created invoice ORD-D-1042 for 120.00 EUR");
    expect(links(gone.parts)).toEqual([["Sam Support", `/admin/users/${SAM}`]]);
    expect(sentenceText(read({ action: "invoice.sent_again", ...anInvoice, invoice: null }).parts)).toBe(
      "Sam Support sent an invoice that no longer exists to the payment service again",
    );
    expect(
      sentenceText(read({ action: "withdrawal.cancelled", ...aWithdrawal, withdrawal: null }).parts),
    ).toBe("Sam Support cancelled a withdrawal that no longer exists");
    // The person is gone: the actor by the email written down, the object by nothing left.
    const person = read({ ...ada, actorName: null, action: "user.disabled", ...aboutSam, objectUser: null });
    expect(sentenceText(person.parts)).toBe("admin@example.com disabled a person who no longer exists");
    expect(links(person.parts)).toEqual([]);
    // The change is gone: described as the entry wrote it down.
    const change = read({
      ...EVERY_ACTION["change.approved"].entry,
      action: "change.approved",
      change: null,
      objectUser: null,
    });
    expect(sentenceText(change.parts)).toBe(
      "Abe Admin approved “Make support@example.com Finance”, proposed by admin@example.com",
    );
    // A kind of entry this version does not know.
    expect(sentenceText(read({ action: "invoice.teleported" }).parts)).toBe(
      "Sam Support did something this version of Paydesk cannot name",
    );
  });

  it("carries names exactly as they are: React escapes them, this does not", () => {
    const hostile = '<img src=x onerror="alert(1)"> & Co';
    const sentence = read({
      ...EVERY_ACTION["user.role_changed"].entry,
      action: "user.role_changed",
      actorName: hostile,
    });
    expect(sentence.parts[0]).toEqual({ text: hostile, href: `/admin/users/${ADA}` });
    expect(sentenceText(sentence.parts)).not.toContain("&lt;");
  });

  it("keeps a person's reason as the note, and drops a note the sentence already says", () => {
    expect(read({ ...EVERY_ACTION["withdrawal.requested"].entry, action: "withdrawal.requested" }).note).toBe(
      "Refund for order 1001",
    );
    expect(read({ ...EVERY_ACTION["invoice.resolved"].entry, action: "invoice.resolved" }).note).toBe(
      "The customer paid the rest by bank transfer",
    );
    for (const action of [
      "auth.sign_in_failed",
      "withdrawal.approved",
      "withdrawal.state_changed",
      "change.proposed",
    ] as const) {
      expect(read({ ...EVERY_ACTION[action].entry, action }).note).toBeNull();
    }
  });
});

describe("what an opened entry lists, before → after", () => {
  const lines = (action: AuditAction, fields: Partial<AuditEntryView> = {}, reader = admin()) =>
    entryChanges(entry({ ...EVERY_ACTION[action].entry, action, ...fields }), reader).map((line) => [
      line.field,
      line.before === null ? null : sentenceText([line.before]),
      line.after === null ? null : sentenceText([line.after]),
    ]);

  it("lists what changed in words, leaving out what stayed", () => {
    expect(lines("user.role_changed")).toEqual([["Role", "Support", "Finance"]]);
    expect(lines("user.disabled")).toEqual([["Account", "Active", "Disabled"]]);
    expect(lines("withdrawal.cancelled")).toEqual([["State", STATE.awaiting_approval, STATE.cancelled]]);
    expect(lines("settings.changed")).toEqual([
      ["Approval rule", "One approver for every withdrawal", "Two approvers above 1,000.00 EUR"],
    ]);
    expect(lines("withdrawal.approved")).toEqual([]);
  });

  it("lists the facts of an entry that records only what is, amounts as money and times in the reader's zone", () => {
    expect(lines("invoice.created", {}, admin("de-DE"))).toEqual([
      ["Order id", null, "ORD-D-1042"],
      ["Amount", null, "120,00 EUR"],
    ]);
    // In this order whatever order the database keeps the fields in.
    expect(
      lines("invoice.created", { after: { amount: "120", orderId: "ORD-D-1042", fiatCurrency: "EUR" } }),
    ).toEqual([
      ["Order id", null, "ORD-D-1042"],
      ["Amount", null, "120.00 EUR"],
    ]);
    expect(lines("user.invitation_renewed")).toEqual([
      ["Invitation link valid until", null, "28 Nov 2026, 21:06 CET"],
    ]);
  });

  it("marks a field the after no longer mentions, and never shows raw JSON", () => {
    expect(lines("passkey.removed")).toEqual([
      ["Passkey", "“Phone”", "—"],
      ["Two-factor sign-in", null, "Off"],
    ]);
    for (const action of AUDIT_ACTIONS) {
      for (const [, before, after] of lines(action)) {
        expect(`${before ?? ""} ${after ?? ""}`).not.toMatch(/[{}"]|undefined|\[object/);
      }
    }
  });

  it("links the invoice a duplicate copies and the refund that resolved an invoice", () => {
    const duplicated = entryChanges(
      entry({ ...EVERY_ACTION["invoice.duplicated"].entry, action: "invoice.duplicated" }),
      admin(),
    );
    expect(duplicated.find((line) => line.field === "Copy of")?.after).toEqual({
      text: "ORD-D-1041",
      href: `/invoices/${ORIGINAL}`,
    });
    const resolved = entryChanges(
      entry({
        ...anInvoice,
        action: "invoice.resolved",
        after: { how: "refunded", refundWithdrawalId: WITHDRAWAL },
      }),
      admin(),
    );
    expect(resolved).toEqual([
      { field: "Resolution", before: null, after: "Refunded" },
      { field: "Refund", before: null, after: { text: "the refund", href: `/withdrawals/${WITHDRAWAL}` } },
    ]);
  });
});

describe("the filter's words for actions", () => {
  it("groups every action exactly once, sign-ins in a group of their own", () => {
    const grouped = AUDIT_ACTION_GROUPS.flatMap((group) => group.actions);
    expect([...grouped].sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(AUDIT_ACTION_GROUPS.find((group) => group.label === "Sign-ins")?.actions).toEqual(SIGN_IN_ACTIONS);
  });
});
