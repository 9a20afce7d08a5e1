import { accountRole, accountType } from "@/lib/ledger/accounts";

/**
 * The ledger's entries in a reader's words, as the invoice and payout pages show them: what
 * happened, from where to where, and what told Paydesk. Accounts are named from the page's point
 * of view: the invoice or payout the page is about is "this invoice", "this refund".
 */
export type Viewpoint =
  { of: "invoice"; invoiceId: string } | { of: "payout"; withdrawalId: string; refund: boolean };

/** The order ids of the invoices and payouts an entry's accounts name, by their ids. */
export type OrderIds = ReadonlyMap<string, string>;

const KIND_WORDS: Record<string, string> = {
  received: "Payment received",
  received_adjusted: "Correction of the received total",
  sent: "Sent to the service",
  failed: "Failed at the service: held again",
  paid: "Paid to the recipient",
  released: "Released",
  fee: "Fee",
  reversed: "Reversed",
  adjusted: "Adjusted",
};

/** What an entry did, in words: "Payment received", "Refund reserved", "Sent to the service"… */
export function whatHappened(entry: { kind: string; toAccount: string }): string {
  if (entry.kind === "reserved") {
    return accountType(entry.toAccount) === "refund" ? "Refund reserved" : "Payout reserved";
  }
  return KIND_WORDS[entry.kind] ?? entry.kind;
}

const STAGE_WORDS: Record<string, string> = { reserved: "held", in_flight: "at the service" };

/** An account as the page's reader knows it: "customer", "this invoice", "refund wd_… (held)". */
export function accountInWords(account: string, viewpoint: Viewpoint, orderIds: OrderIds): string {
  const [type = account, id = "", stage = ""] = account.split(":");
  switch (type) {
    case "world":
      // Outside the merchant: the customer who paid the invoice (and gets its refunds back), or
      // the recipient of an ordinary payout.
      return viewpoint.of === "payout" && !viewpoint.refund ? "recipient" : "customer";
    case "fees":
      return "the service's fees";
    case "merchant":
      return "the merchant's balance";
    case "invoice":
      if (viewpoint.of === "invoice" && viewpoint.invoiceId === id) return "this invoice";
      return orderIds.has(id) ? `invoice ${orderIds.get(id)}` : "the invoice";
    case "refund":
    case "payout": {
      const where = STAGE_WORDS[accountRole(account)] ?? stage;
      if (viewpoint.of === "payout" && viewpoint.withdrawalId === id) return `this ${type}, ${where}`;
      const orderId = orderIds.get(id);
      return orderId ? `${type} ${orderId}, ${where}` : `a ${type}, ${where}`;
    }
    default:
      return account;
  }
}

export interface EvidenceFacts {
  evidence: string;
  actorName: string | null;
  actorEmail: string | null;
}

const EVIDENCE_WORDS: Record<string, string> = {
  webhook: "Webhook from the service",
  refresh: "Read from the service",
  loop: "Paydesk's background loop",
  migration: "Booked when the books began (migration)",
  repair: "Ledger repair",
};

/** What told Paydesk the money moved: the service, Paydesk's loop, or a person by name and email. */
export function evidenceInWords(facts: EvidenceFacts): string {
  const person = personOf(facts);
  if (facts.evidence === "person") return person ?? "A person";
  if (facts.evidence === "request") return person ? `Request by ${person}` : "The request";
  return EVIDENCE_WORDS[facts.evidence] ?? facts.evidence;
}

function personOf({ actorName, actorEmail }: EvidenceFacts): string | null {
  if (!actorEmail) return actorName;
  if (!actorName || actorName === actorEmail) return actorEmail;
  return `${actorName} (${actorEmail})`;
}
