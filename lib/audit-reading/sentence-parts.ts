import type { AuditEntryView } from "@/lib/audit/entry-view";

/**
 * A piece of an entry's sentence: plain text, or a named thing (a person, an invoice, a
 * withdrawal, a change) with its page when the reader may open it. Text is never escaped here:
 * the page renders it as React text.
 */
export type SentencePart = string | { text: string; href?: string; title?: string };

/** What reading an entry depends on: the reader's formatters and what they may open. */
export interface AuditReader {
  money(amount: string, unit: string): string;
  dateTime(moment: string | Date): string;
  /** People are linked to their page only for those who may manage users. */
  mayManageUsers: boolean;
  mayViewChanges: boolean;
}

export function sentenceText(parts: readonly SentencePart[]): string {
  return parts.map((part) => (typeof part === "string" ? part : part.text)).join("");
}

/** A field of an entry's before/after JSON, whatever that JSON holds. */
export function field(json: unknown, key: string): unknown {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return undefined;
  return (json as Record<string, unknown>)[key];
}

export function textField(json: unknown, key: string): string | null {
  const value = field(json, key);
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

export function numberField(json: unknown, key: string): number | null {
  const value = field(json, key);
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

const named = (text: string, href: string | null, title?: string): SentencePart => ({
  text,
  ...(href ? { href } : {}),
  ...(title ? { title } : {}),
});

/** Who acted: a person by name (by the email written down if they are gone), or what acted. */
export function actorPart(entry: AuditEntryView, reader: AuditReader): SentencePart {
  switch (entry.actorKind) {
    case "system":
      return "Paydesk";
    case "webhook":
      return "The payment service";
    case "cli":
      return entry.actorEmail ? `${entry.actorEmail} (at the command line)` : "Someone at the command line";
    case "user": {
      if (entry.actorName && entry.actorId) {
        return named(entry.actorName, reader.mayManageUsers ? `/admin/users/${entry.actorId}` : null);
      }
      return entry.actorEmail ?? "Someone";
    }
  }
}

/** The person an entry about a user names: by name now, else as the entry wrote them down. */
export function objectUserPart(entry: AuditEntryView, reader: AuditReader): SentencePart {
  if (entry.objectUser && entry.objectId) {
    return named(entry.objectUser.name, reader.mayManageUsers ? `/admin/users/${entry.objectId}` : null);
  }
  for (const json of [entry.after, entry.before]) {
    const remembered = textField(json, "name") ?? textField(json, "email");
    if (remembered) return remembered;
  }
  return "a person who no longer exists";
}

/** Whether the actor is the person the entry is about (their own account). */
export function actsOnThemselves(entry: AuditEntryView): boolean {
  return entry.objectType === "user" && entry.actorId !== null && entry.actorId === entry.objectId;
}

/** "invoice inv_…" linked to its page, or how the entry remembers it when it is gone. */
export function invoiceParts(entry: AuditEntryView): SentencePart[] {
  const orderId =
    entry.invoice?.orderId ?? textField(entry.after, "orderId") ?? textField(entry.before, "orderId");
  if (!orderId) return ["an invoice that no longer exists"];
  return ["invoice ", named(orderId, entry.invoice && entry.objectId ? `/invoices/${entry.objectId}` : null)];
}

/** The invoice's amount as money, from the invoice or from what the entry wrote down. */
export function invoiceAmount(entry: AuditEntryView, reader: AuditReader): string | null {
  if (entry.invoice) return reader.money(entry.invoice.amount, entry.invoice.fiatCurrency);
  const amount = textField(entry.after, "amount");
  const currency = textField(entry.after, "fiatCurrency");
  return amount && currency ? reader.money(amount, currency) : null;
}

export function relatedInvoicePart(entry: AuditEntryView): SentencePart | null {
  if (!entry.relatedInvoice) return null;
  return named(entry.relatedInvoice.orderId, `/invoices/${entry.relatedInvoice.id}`);
}

/** "TR7NHq…Lj6t": long enough to recognise, short enough for a sentence; the whole on hover. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/**
 * "withdrawal wd_… of 7.25 USDT", "refund wd_… of 19.57 USDT for invoice inv_…", with " to TR7NHq…"
 * when `to` is asked for.
 */
export function withdrawalParts(
  entry: AuditEntryView,
  reader: AuditReader,
  options: { to?: boolean } = {},
): SentencePart[] {
  const withdrawal = entry.withdrawal;
  if (!withdrawal || !entry.objectId) return ["a withdrawal that no longer exists"];
  const refund = withdrawal.refundOfInvoiceId !== null;
  const parts: SentencePart[] = [
    refund ? "refund " : "withdrawal ",
    named(withdrawal.orderId, `/withdrawals/${entry.objectId}`),
  ];
  if (withdrawal.amount) parts.push(` of ${reader.money(withdrawal.amount, withdrawal.currency)}`);
  else if (withdrawal.fiatAmount && withdrawal.fiatCurrency) {
    parts.push(
      ` of ${reader.money(withdrawal.fiatAmount, withdrawal.fiatCurrency)} in ${withdrawal.currency}`,
    );
  }
  if (options.to) parts.push(" to ", named(shortAddress(withdrawal.address), null, withdrawal.address));
  const invoice = relatedInvoicePart(entry);
  if (refund && invoice) parts.push(" for invoice ", invoice);
  return parts;
}

/** A note written by Paydesk ("Wrong two-factor code.") as a clause: "wrong two-factor code". */
export function asClause(note: string): string {
  const trimmed = note.trim().replace(/[.\s]+$/, "");
  return trimmed.charAt(0).toLowerCase() + trimmed.slice(1);
}
