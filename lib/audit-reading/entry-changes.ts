import type { AuditEntryView } from "@/lib/audit/entry-view";
import { isRole, ROLE_LABELS } from "@/lib/auth/roles";
import { RESOLUTION_KINDS, WITHDRAWAL_STATES, type ResolutionKind } from "@/lib/db/schema/enums";
import { RESOLUTION_LABELS } from "@/lib/exceptions/resolution-labels";
import { WITHDRAWAL_STATE_LABELS } from "@/lib/withdrawals/state-labels";
import type { WithdrawalState } from "@/lib/withdrawals/state-machine";
import { changeDescription, readThreshold, thresholdWords } from "./change-words";
import { relatedInvoicePart, type AuditReader, type SentencePart } from "./sentence-parts";

/** One line of an opened entry: a field, what it was (null when the entry records none) and what it became. */
export interface ChangeLine {
  field: string;
  before: SentencePart | null;
  after: SentencePart | null;
}

const FIELD_LABELS: Record<string, string> = {
  email: "Email",
  name: "Name",
  role: "Role",
  pendingRole: "Role waiting for a second admin",
  disabled: "Account",
  change: "Change",
  invitationExpiresAt: "Invitation link valid until",
  linkExpiresAt: "Reset link valid until",
  sessionsEnded: "Sessions ended",
  sessions: "Sessions ended",
  session: "Session",
  newBrowser: "From a browser new to the account",
  kept: "Session kept",
  passkey: "Passkey",
  twoFactor: "Two-factor sign-in",
  authenticatorApp: "Authenticator app",
  link: "Link used",
  newLink: "New link",
  timeZone: "Time zone",
  numberLocale: "Number format",
  orderId: "Order id",
  amount: "Amount",
  fiatCurrency: "Currency",
  duplicateOf: "Copy of",
  attempt: "Attempt",
  statusChanged: "Status changed",
  newTransactions: "New payments",
  how: "Resolution",
  resolution: "Resolution",
  refundWithdrawalId: "Refund",
  received: "Received",
  threshold: "Approval rule",
  filter: "Filter",
  marked: "Marked as read",
  state: "State",
  serviceStatus: "Status at the service",
  previousServiceStatus: "Earlier status at the service",
  serviceId: "Id at the service",
  txid: "Transaction hash",
  lapsedApprovers: "Approvals that lapsed",
  proposedBy: "Proposed by",
  kind: "Refusal",
  fields: "Fields refused",
  answer: "The service's answer",
  reachable: "Answered",
  baseUrl: "Address",
  invoiceKey: "Invoice key",
  withdrawalKey: "Withdrawal key",
  latencyMs: "Answer time",
  message: "Message",
};

/** Fields in the order above, whatever order the database kept them in (jsonb sorts its keys). */
const FIELD_ORDER = Object.keys(FIELD_LABELS);
const byFieldOrder = (a: string, b: string) => {
  const rank = (key: string) => (FIELD_ORDER.includes(key) ? FIELD_ORDER.indexOf(key) : FIELD_ORDER.length);
  return rank(a) - rank(b) || a.localeCompare(b);
};

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** "newTransactions" → "New transactions", for a field this page has no words for yet. */
function fieldLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function plain(value: unknown, reader: AuditReader): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return ISO_MOMENT.test(value) ? reader.dateTime(value) : value;
  if (Array.isArray(value))
    return value.length ? value.map((item) => plain(item, reader)).join(", ") : "none";
  const fields = Object.entries(value as Record<string, unknown>);
  return fields.length
    ? fields.map(([key, inner]) => `${fieldLabel(key).toLowerCase()} ${plain(inner, reader)}`).join(", ")
    : "none";
}

function words(
  key: string,
  value: unknown,
  side: Record<string, unknown>,
  entry: AuditEntryView,
  reader: AuditReader,
): SentencePart {
  switch (key) {
    case "role":
    case "pendingRole":
      return typeof value === "string" && isRole(value) ? ROLE_LABELS[value] : plain(value, reader);
    case "disabled":
      return value === true ? "Disabled" : value === false ? "Active" : plain(value, reader);
    case "state":
      return typeof value === "string" && (WITHDRAWAL_STATES as readonly string[]).includes(value)
        ? WITHDRAWAL_STATE_LABELS[value as WithdrawalState]
        : plain(value, reader);
    case "how":
    case "resolution":
      return typeof value === "string" && (RESOLUTION_KINDS as readonly string[]).includes(value)
        ? RESOLUTION_LABELS[value as ResolutionKind]
        : plain(value, reader);
    case "twoFactor":
    case "authenticatorApp":
      return value === true ? "On" : value === false ? "Off" : plain(value, reader);
    case "threshold": {
      const threshold = readThreshold(side);
      return threshold === undefined ? plain(value, reader) : capitalised(thresholdWords(threshold, reader));
    }
    case "amount":
      return typeof value === "string" && typeof side.fiatCurrency === "string"
        ? reader.money(value, side.fiatCurrency)
        : plain(value, reader);
    case "received":
      return typeof value === "string" && entry.invoice?.currency
        ? reader.money(value, entry.invoice.currency)
        : plain(value, reader);
    case "duplicateOf":
      return relatedInvoicePart(entry) ?? plain(value, reader);
    case "refundWithdrawalId":
      return typeof value === "string" ? { text: "the refund", href: `/withdrawals/${value}` } : "none";
    case "change":
      return `“${changeDescription(entry, reader)}”`;
    case "passkey": {
      const name = (value as { name?: unknown } | null)?.name;
      return typeof name === "string" ? `“${name}”` : plain(value, reader);
    }
    case "link":
    case "newLink":
      return value === "invitation"
        ? "Invitation link"
        : value === "password_reset"
          ? "Password reset link"
          : plain(value, reader);
    case "latencyMs":
      return typeof value === "number" ? `${value} ms` : plain(value, reader);
    default:
      return plain(value, reader);
  }
}

/** A field the after no longer mentions (not the same as a field that became empty). */
const ABSENT = "—";

const asRecord = (json: unknown): Record<string, unknown> | null =>
  json !== null && typeof json === "object" && !Array.isArray(json)
    ? (json as Record<string, unknown>)
    : null;

/**
 * What an entry changed, field by field, in words: "Role: Support → Finance". An entry that records
 * only what is (a new invoice) lists its facts; fields that stayed the same are left out; "—" is a
 * field the after does not mention.
 */
export function entryChanges(entry: AuditEntryView, reader: AuditReader): ChangeLine[] {
  // An entry with only a before (what was processed again) lists it as facts.
  const onlyBefore = asRecord(entry.after) === null;
  const before = onlyBefore ? null : asRecord(entry.before);
  const after = (onlyBefore ? asRecord(entry.before) : asRecord(entry.after)) ?? {};
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])].filter(
    // An amount carries its currency: one line, "Amount: 1,234.50 EUR".
    (key) => !(key === "fiatCurrency" && ("amount" in after || (before !== null && "amount" in before))),
  );
  const lines: ChangeLine[] = [];
  for (const key of keys.sort(byFieldOrder)) {
    const was = before?.[key];
    const is = after[key];
    if (before && key in before && key in after && JSON.stringify(was) === JSON.stringify(is)) continue;
    lines.push({
      field: fieldLabel(key),
      // A field new in the after (what an event brought) reads as a fact, with no "before".
      before: before && key in before ? words(key, was, before, entry, reader) : null,
      after: key in after ? words(key, is, after, entry, reader) : ABSENT,
    });
  }
  return lines;
}
