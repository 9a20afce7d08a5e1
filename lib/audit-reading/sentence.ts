import Decimal from "decimal.js";
import type { AuditAction } from "@/lib/audit/actions";
import type { AuditEntryView } from "@/lib/audit/entry-view";
import { isRole, ROLE_LABELS } from "@/lib/auth/roles";
import {
  RESOLUTION_KINDS,
  MAIL_IDENTITY_KEY,
  REPORTING_CURRENCY_KEY,
  SSO_SECOND_FACTOR_KEY,
  WITHDRAWAL_STATES,
  type ResolutionKind,
} from "@/lib/db/schema/enums";
import { RESOLUTION_LABELS } from "@/lib/exceptions/resolution-labels";
import { WITHDRAWAL_STATE_LABELS } from "@/lib/withdrawals/state-labels";
import type { WithdrawalState } from "@/lib/withdrawals/state-machine";
import { changePart, proposerOf, readThreshold, thresholdWords } from "./change-words";
import {
  actorPart,
  actsOnThemselves,
  asClause,
  field,
  invoiceAmount,
  invoiceParts,
  numberField,
  objectUserPart,
  relatedInvoicePart,
  textField,
  withdrawalParts,
  type AuditReader,
  type SentencePart,
} from "./sentence-parts";

export interface AuditSentence {
  parts: SentencePart[];
  /** The entry's note when the sentence does not say it already: mostly a reason in someone's words. */
  note: string | null;
}

type Build = (
  entry: AuditEntryView,
  reader: AuditReader,
  who: SentencePart,
) => SentencePart[] | AuditSentence;

/**
 * One entry as one sentence, for people: "Sam Support created invoice inv_… for 1,234.50 EUR".
 * Names and objects come as parts (linked where the reader may open them), never as markup.
 */
export function describeAuditEntry(entry: AuditEntryView, reader: AuditReader): AuditSentence {
  const build = (SENTENCES as Partial<Record<string, Build>>)[entry.action];
  const who = actorPart(entry, reader);
  if (!build) {
    return { parts: [who, " did something this version of Paydesk cannot name"], note: entry.note };
  }
  const built = build(entry, reader, who);
  const sentence = Array.isArray(built) ? { parts: built, note: entry.note } : built;
  return { ...sentence, parts: sentence.parts.filter((part) => part !== "") };
}

/** The sentence says everything the note said (a note Paydesk wrote, not a person's reason). */
const told = (parts: SentencePart[]): AuditSentence => ({ parts, note: null });

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const role = (value: string | null) => (value && isRole(value) ? ROLE_LABELS[value] : "an unknown role");
const clause = (note: string | null, wrap: (text: string) => string) => (note ? wrap(asClause(note)) : "");

function stateOf(json: unknown): string | null {
  const state = textField(json, "state");
  return state && (WITHDRAWAL_STATES as readonly string[]).includes(state)
    ? WITHDRAWAL_STATE_LABELS[state as WithdrawalState]
    : null;
}

function resolutionOf(json: unknown, key: string): string | null {
  const kind = textField(json, key);
  return kind && (RESOLUTION_KINDS as readonly string[]).includes(kind)
    ? RESOLUTION_LABELS[kind as ResolutionKind]
    : null;
}

/** How much more arrived on a reopened invoice, as money, when the entry and the invoice say. */
function moreReceived(entry: AuditEntryView, reader: AuditReader): string | null {
  const before = textField(entry.before, "received") ?? "0";
  const after = textField(entry.after, "received");
  const coin = entry.invoice?.currency;
  if (!after || !coin) return null;
  try {
    return reader.money(new Decimal(after).minus(before).toFixed(), coin);
  } catch {
    return null;
  }
}

/** The kinds of notification a person may mute (lib/notifications/mutable-kinds.ts), in words. */
const MUTED_KINDS: Record<string, string> = { "invoice.expired": "invoices expiring" };

const EXPORTS: Record<string, string> = {
  invoices: "the invoice list",
  withdrawals: "the withdrawal list",
  audit: "the audit log",
  "statement-summary": "the statement's summary",
  "statement-lines": "the statement's lines",
  statement: "the statement",
};

/** How an export left: CSV, or for the statement's workbook, XLSX. */
const EXPORT_FORMATS: Record<string, string> = { xlsx: "a workbook (XLSX)" };

const SENTENCES: Record<AuditAction, Build> = {
  "auth.signed_in": (entry, _reader, who) =>
    told([
      who,
      " signed in",
      field(entry.after, "newBrowser") === true ? " from a browser new to the account" : "",
      clause(entry.note, (how) => ` ${how}`),
    ]),
  "auth.sign_in_failed": (entry) =>
    told([
      "Someone failed to sign in",
      entry.actorEmail ? ` as ${entry.actorEmail}` : "",
      clause(entry.note, (why) => ` (${why})`),
    ]),
  "auth.locked_out": (entry) =>
    told([
      "Paydesk paused sign-ins",
      entry.actorEmail ? ` as ${entry.actorEmail}` : "",
      clause(entry.note, (why) => ` (${why})`),
    ]),
  "auth.signed_out": (_entry, _reader, who) => [who, " signed out"],
  "auth.session_ended": (entry, reader, who) => {
    const count = numberField(entry.after, "sessions");
    if (actsOnThemselves(entry)) {
      return told([
        who,
        count === null || count === 1
          ? " ended one of their other sessions"
          : ` ended ${count} of their other sessions`,
      ]);
    }
    return told([
      who,
      count === null ? " ended a session of " : ` ended ${plural(count, "session")} of `,
      objectUserPart(entry, reader),
    ]);
  },
  "auth.second_factor_confirmed": (entry, _reader, who) =>
    told([who, " confirmed their second factor", clause(entry.note, (how) => ` ${how}`)]),
  "auth.identity_confirmed": (entry, _reader, who) =>
    told([who, " confirmed it was them", clause(entry.note, (how) => ` ${how}`)]),
  "auth.identity_confirm_failed": (entry, _reader, who) =>
    told([who, " failed to confirm it was them", clause(entry.note, (why) => ` (${why})`)]),

  "user.sso_linked": (entry, _reader, who) =>
    told([
      who,
      " was linked to single sign-on",
      clause(textField(entry.after, "issuer"), (issuer) => ` at ${issuer}`),
    ]),
  "user.created": (entry, reader, who) => {
    const person = objectUserPart(entry, reader);
    const given = role(textField(entry.after, "role"));
    if (entry.actorKind === "system")
      return told(["Paydesk created the demo account of ", person, ` (${given})`]);
    const pending = textField(entry.after, "pendingRole");
    return told([
      who,
      " invited ",
      person,
      ` as ${given}`,
      pending ? `; ${role(pending)} waits for a second admin's approval` : "",
    ]);
  },
  "user.role_changed": (entry, reader, who) => [
    who,
    " changed ",
    objectUserPart(entry, reader),
    `'s role from ${role(textField(entry.before, "role"))} to ${role(textField(entry.after, "role"))}`,
  ],
  "user.disabled": (entry, reader, who) => [who, " disabled ", objectUserPart(entry, reader)],
  "user.enabled": (entry, reader, who) => [
    who,
    " enabled ",
    objectUserPart(entry, reader),
    " again",
    textField(entry.after, "newLink") === "invitation"
      ? ", with a new invitation link"
      : textField(entry.after, "newLink") === "password_reset"
        ? ", with a new password reset link"
        : "",
  ],
  "user.two_factor_setup_started": (_entry, _reader, who) =>
    told([who, " started setting up an authenticator app (its key was shown)"]),
  "user.two_factor_enrolled": (_entry, _reader, who) =>
    told([who, " turned on two-factor sign-in with an authenticator app"]),
  "user.two_factor_reset": (entry, reader, who) =>
    actsOnThemselves(entry)
      ? told([
          who,
          " turned off their authenticator app",
          field(entry.after, "twoFactor") === true ? "; their passkeys remain" : "",
        ])
      : [who, " reset the two-factor sign-in of ", objectUserPart(entry, reader)],
  "user.recovery_code_used": (_entry, _reader, who) => told([who, " signed in with a recovery code"]),
  "user.recovery_codes_replaced": (_entry, _reader, who) =>
    told([who, " made new recovery codes; the earlier ones no longer work"]),
  "user.invitation_renewed": (entry, reader, who) =>
    told([who, " sent ", objectUserPart(entry, reader), " a new invitation link"]),
  "user.password_set": (entry, _reader, who) =>
    told([
      who,
      textField(entry.after, "link") === "invitation"
        ? " chose their password through their invitation link"
        : " chose a new password through a password reset link",
    ]),
  "user.password_changed": (_entry, _reader, who) => told([who, " changed their password"]),
  "user.password_reset": (entry, reader, who) => [
    who,
    " reset the password of ",
    objectUserPart(entry, reader),
  ],
  "user.mail_preferences_changed": (entry, _reader, who) => {
    // Before 0.11 `byEmail` listed the categories sent at once; since, it maps each to its mode.
    const chosen = field(entry.after, "byEmail");
    const modes: unknown[] = Array.isArray(chosen)
      ? chosen.map(() => "immediate")
      : chosen && typeof chosen === "object"
        ? Object.values(chosen)
        : [];
    const inDigest = modes.filter((mode) => mode === "digest").length;
    const digestTime = textField(entry.after, "digestTime");
    const kinds = (count: number) => (count === 1 ? "one kind" : `${count} kinds`);
    return told([
      who,
      modes.length === 0
        ? " chose to get no notifications by email"
        : ` chose to get ${kinds(modes.length)} of notification by email` +
          (inDigest > 0
            ? `, ${inDigest === modes.length ? "all" : inDigest} in a daily digest${digestTime ? ` at ${digestTime}` : ""}`
            : ""),
    ]);
  },
  "user.display_changed": (entry, _reader, who) => {
    const zone = textField(entry.after, "timeZone");
    const locale = textField(entry.after, "numberLocale");
    if (entry.before === null && zone)
      return told([who, `'s time zone was set to ${zone}, from their browser`]);
    const changed = [
      zone && zone !== textField(entry.before, "timeZone") ? `time zone to ${zone}` : null,
      locale && locale !== textField(entry.before, "numberLocale") ? `number format to ${locale}` : null,
    ].filter(Boolean);
    return changed.length
      ? [who, ` set their ${changed.join(" and their ")}`]
      : [who, " saved their display settings"];
  },
  "passkey.added": (entry, _reader, who) => {
    const name = textField(field(entry.after, "passkey"), "name");
    return [who, name ? ` added the passkey “${name}”` : " added a passkey"];
  },
  "passkey.removed": (entry, _reader, who) => {
    const name = textField(field(entry.before, "passkey"), "name");
    return [
      who,
      name ? ` removed the passkey “${name}”` : " removed a passkey",
      field(entry.after, "twoFactor") === false ? "; their account has no second factor now" : "",
    ];
  },

  "invoice.created": (entry, reader, who) => {
    const amount = invoiceAmount(entry, reader);
    return [who, " created ", ...invoiceParts(entry), amount ? ` for ${amount}` : ""];
  },
  "invoice.duplicated": (entry, reader, who) => {
    const amount = invoiceAmount(entry, reader);
    const original = relatedInvoicePart(entry);
    return [
      who,
      " created ",
      ...invoiceParts(entry),
      amount ? ` for ${amount}` : "",
      ...(original ? [", a copy of ", original] : [", a copy of another invoice"]),
    ];
  },
  "invoice.sent_again": (entry, _reader, who) => {
    const attempt = numberField(entry.after, "attempt");
    return [
      who,
      " sent ",
      ...invoiceParts(entry),
      " to the payment service again",
      attempt ? ` (attempt ${attempt})` : "",
    ];
  },
  "invoice.refreshed": (entry, _reader, who) => {
    const payments = numberField(entry.after, "newTransactions") ?? 0;
    const news = [
      field(entry.after, "statusChanged") === true ? "its status changed" : null,
      payments > 0 ? plural(payments, "new payment") : null,
    ].filter(Boolean);
    return [
      who,
      " asked the payment service about ",
      ...invoiceParts(entry),
      `: ${news.join(", ") || "nothing new"}`,
    ];
  },
  "invoice.emailed": (entry, _reader, who) => {
    const kind = field(entry.after, "kind");
    const to = field(entry.after, "to");
    const what = kind === "ask_for_rest" ? "asked by email for the rest of " : "emailed the payment link of ";
    return [who, ` ${what}`, ...invoiceParts(entry), typeof to === "string" ? ` to ${to}` : ""];
  },
  "invoice.resolved": (entry, _reader, who) => {
    const how = resolutionOf(entry.after, "how");
    return [who, " resolved ", ...invoiceParts(entry), how ? `: ${how}` : ""];
  },
  "invoice.reopened": (entry, reader, who) => {
    const more = moreReceived(entry, reader) ?? "more money";
    const how = resolutionOf(entry.before, "resolution");
    const resolved = `after it was resolved${how ? ` (${how})` : ""}`;
    return told(
      entry.actorKind === "webhook"
        ? [
            "The payment service reported ",
            more,
            " more for ",
            ...invoiceParts(entry),
            ` ${resolved}: it is open again`,
          ]
        : [who, " reopened ", ...invoiceParts(entry), `: ${more} more arrived ${resolved}`],
    );
  },

  "withdrawal.requested": (entry, reader, who) => [
    who,
    " requested ",
    ...withdrawalParts(entry, reader, { to: true }),
  ],
  "withdrawal.approved": (entry, reader, who) => {
    const [, count, required] = entry.note?.match(/^Approval (\d+) of (\d+)$/) ?? [];
    const parts = [who, " approved ", ...withdrawalParts(entry, reader, { to: true })];
    return count ? told([...parts, ` (approval ${count} of ${required})`]) : parts;
  },
  "withdrawal.rejected": (entry, reader, who) =>
    entry.actorKind === "user"
      ? [who, " rejected ", ...withdrawalParts(entry, reader)]
      : [who, " returned ", ...withdrawalParts(entry, reader), " to its requester"],
  "withdrawal.cancelled": (entry, reader, who) => [who, " cancelled ", ...withdrawalParts(entry, reader)],
  "withdrawal.submitted": (entry, reader, who) => [
    who,
    " sent ",
    ...withdrawalParts(entry, reader),
    " to the payment service",
  ],
  "withdrawal.sent_again": (entry, reader, who) =>
    textField(entry.after, "state") === "awaiting_approval"
      ? [who, " put ", ...withdrawalParts(entry, reader), " back for approval"]
      : [who, " sent ", ...withdrawalParts(entry, reader), " to the payment service again"],
  "withdrawal.closed": (entry, reader, who) => [who, " closed ", ...withdrawalParts(entry, reader)],
  "withdrawal.close_proposed": (entry, reader, who) => [
    who,
    " proposed closing ",
    ...withdrawalParts(entry, reader),
    " as never sent",
  ],
  "withdrawal.close_declined": (entry, reader, who) => [
    who,
    " declined closing ",
    ...withdrawalParts(entry, reader),
  ],
  "withdrawal.paid_proposed": (entry, reader, who) => [
    who,
    " proposed recording ",
    ...withdrawalParts(entry, reader),
    ` as ${WITHDRAWAL_STATE_LABELS.paid}`,
  ],
  "withdrawal.paid_declined": (entry, reader, who) => [
    who,
    " declined recording ",
    ...withdrawalParts(entry, reader),
    ` as ${WITHDRAWAL_STATE_LABELS.paid}`,
  ],
  "withdrawal.recorded_paid": (entry, reader, who) => [
    who,
    " recorded ",
    ...withdrawalParts(entry, reader),
    ` as ${WITHDRAWAL_STATE_LABELS.paid}`,
  ],
  // The note may quote the service's raw status: it stays in the opened entry.
  "withdrawal.state_changed": (entry, reader, who) => {
    const from = stateOf(entry.before);
    const to = stateOf(entry.after);
    const withdrawal = withdrawalParts(entry, reader);
    const service = entry.actorKind === "webhook";
    if (from && to && from !== to) {
      return told(
        service
          ? ["The payment service reported ", ...withdrawal, ` as ${to} (it was ${from})`]
          : [who, " moved ", ...withdrawal, ` from ${from} to ${to}`],
      );
    }
    const stays = to ? `; it stays ${to}` : "";
    return told(
      service
        ? ["The payment service sent news of ", ...withdrawal, stays]
        : [who, " recorded news from the payment service about ", ...withdrawal, stays],
    );
  },

  "settings.changed": (entry, reader, who) => {
    if (entry.objectId === REPORTING_CURRENCY_KEY) {
      const currency = textField(entry.after, "currency");
      return [who, currency ? ` made ${currency} the reporting currency` : " changed the reporting currency"];
    }
    if (entry.objectId === MAIL_IDENTITY_KEY)
      return [who, " changed how customer email presents the business"];
    if (entry.objectId === SSO_SECOND_FACTOR_KEY) {
      return field(entry.after, "counts") === true
        ? [who, " made single sign-on count as a second factor"]
        : [who, " stopped counting single sign-on as a second factor"];
    }
    const threshold = readThreshold(entry.after);
    return threshold === undefined
      ? [who, " changed the approval rule"]
      : [who, ` changed the approval rule to ${thresholdWords(threshold, reader)}`];
  },
  "service.connection_tested": (entry, _reader, who) => {
    const reachable = field(entry.after, "reachable");
    const outcome = reachable === true ? ": it answered" : reachable === false ? ": it did not answer" : "";
    return [who, ` tested the connection to the payment service${outcome}`];
  },
  "webhook.unmatched_reviewed": (entry, _reader, who) => {
    const orderId = textField(entry.before, "orderId");
    return [
      who,
      ` looked into the payment service's report about ${orderId ?? "an order"}, which Paydesk never made`,
    ];
  },
  "webhook.reprocessed": (entry, _reader, who) => {
    const orderId = textField(entry.before, "orderId");
    return [who, ` processed the payment service's message${orderId ? ` about ${orderId}` : ""} again`];
  },
  "change.proposed": (entry, reader, who) =>
    told([who, " proposed ", changePart(entry, reader), "; it waits for a second admin"]),
  "change.approved": (entry, reader, who) => {
    const proposer = proposerOf(entry);
    return [who, " approved ", changePart(entry, reader), proposer ? `, proposed by ${proposer}` : ""];
  },
  "change.cancelled": (entry, reader, who) => [who, " withdrew ", changePart(entry, reader)],
  "change.rejected": (entry, reader, who) => {
    const proposer = proposerOf(entry);
    return [who, " rejected ", changePart(entry, reader), proposer ? `, proposed by ${proposer}` : ""];
  },
  "csv.exported": (entry, _reader, who) => [
    who,
    ` exported ${EXPORTS[entry.objectId ?? ""] ?? "a list"} as ${EXPORT_FORMATS[textField(entry.after, "format") ?? ""] ?? "CSV"}`,
  ],
  "mail.sent_again": (entry, _reader, who) => {
    const to = textField(entry.after, "to");
    const subject = textField(entry.after, "subject");
    return [who, ` sent an email again${to ? ` to ${to}` : ""}${subject ? ` (“${subject}”)` : ""}`];
  },
  "notification.read": (entry, _reader, who) => {
    const marked = numberField(entry.after, "marked");
    return [
      who,
      ` marked ${marked === null ? "their notifications" : plural(marked, "notification")} as read`,
    ];
  },
  "notification.muted": (entry, _reader, who) => {
    const what = MUTED_KINDS[textField(entry.after, "kind") ?? ""] ?? "a kind of notification";
    return [
      who,
      field(entry.after, "muted") === false ? ` will be notified again of ${what}` : ` muted ${what}`,
    ];
  },
};
