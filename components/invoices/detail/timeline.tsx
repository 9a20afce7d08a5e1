"use client";

import Link from "next/link";
import { useDisplay } from "@/components/display/display-provider";
import { Card } from "@/components/ui/card";
import type { DisplayFormatter } from "@/lib/display/formatter";
import { RESOLUTION_LABELS } from "@/lib/exceptions/resolution-labels";
import type { InvoiceDetail } from "@/lib/invoices/invoice-detail";
import { INVOICE_STATE_LABELS, normaliseInvoiceStatus } from "@/lib/invoices/status";
import type { ResolutionStoryEntry } from "@/lib/exceptions/resolution-story";
import type { RefundStep, RefundStoryEntry } from "@/lib/refunds/refund-story";

type Event = InvoiceDetail["events"][number];

/** What happened besides the service's news: refund steps and resolutions, woven in by time. */
export type StoryEntry = RefundStoryEntry | ResolutionStoryEntry;

interface Line {
  id: string;
  at: string;
  text: string;
  /** A refund's page, for its steps. */
  href?: string;
  by: string;
  /** Among entries written at the same moment (one transaction), what came first. */
  rank: number;
}

/**
 * One answer of the service can record a webhook, a payment and the status it caused at the same
 * instant, and a refund's payment the resolution it caused: told in the order they follow from
 * each other.
 */
const RANK: Record<string, number> = {
  created: 0,
  creation_failed: 0,
  webhook_received: 1,
  payment_received: 2,
  status_changed: 3,
  refresh_failed: 3,
  refund: 4,
  resolution: 5,
  exception_reopened: 6,
};

const SOURCE_WORDS: Record<string, string> = {
  user: "by a person",
  webhook: "from a webhook",
  loop: "by the background check",
  view: "while someone watched the page",
};

const REFUND_STEP_WORDS: Record<RefundStep, string> = {
  requested: "requested",
  approved: "approved",
  rejected: "rejected",
  cancelled: "cancelled",
  paid_out: "paid out",
  failed: "failed at the service",
  needs_review: "needs review",
  closed: "closed",
};

const stateLabel = (serviceStatus: string | null) =>
  INVOICE_STATE_LABELS[normaliseInvoiceStatus(serviceStatus).status];

/** A status change in the badge's words: the service's own word stays in the detail row. */
function statusChange(event: Event): string {
  const to = normaliseInvoiceStatus(event.toStatus);
  if (!event.fromStatus) return `Status: ${stateLabel(event.toStatus)}`;
  const from = normaliseInvoiceStatus(event.fromStatus);
  if (from.status !== to.status)
    return `Status: ${stateLabel(event.toStatus)} (was ${stateLabel(event.fromStatus)})`;
  return to.isFinal && !from.isFinal
    ? `Status: ${stateLabel(event.toStatus)}, no longer waiting for more`
    : `Status: ${stateLabel(event.toStatus)}, confirmed by the service`;
}

function describeEvent(event: Event, currency: string | null, display: DisplayFormatter): string {
  const detail = (event.detail ?? {}) as Record<string, unknown>;
  const amount = (value: unknown, unit: unknown) =>
    typeof value === "string" && typeof unit === "string" && unit
      ? display.crypto(value, unit)
      : String(value ?? "?");
  switch (event.kind) {
    case "created":
      return detail.mismatch
        ? `Created on the service. ${String(detail.mismatch)}`
        : "Created on the service";
    case "creation_failed":
      return `Sending failed: ${String(detail.message ?? "unknown error")}`;
    case "status_changed":
      return statusChange(event);
    case "payment_received": {
      const txid = String(detail.txid ?? "");
      return `Payment of ${amount(detail.amount, currency)} received${txid ? ` (${txid.slice(0, 16)}…)` : ""}`;
    }
    case "webhook_received":
      return typeof detail.reportedStatus === "string"
        ? `The service reported: ${stateLabel(detail.reportedStatus)}`
        : "The service sent news";
    case "refresh_failed":
      return `Could not check with the service: ${String(detail.message ?? "unknown error")}`;
    case "exception_reopened":
      return typeof detail.arrived === "string"
        ? `Exception reopened: ${amount(detail.arrived, detail.currency)} more arrived after it was resolved (${String(detail.resolution ?? "").toLowerCase()})`
        : `Exception reopened: ${String(detail.reason ?? "new money arrived after it was resolved")}`;
    default:
      return event.kind;
  }
}

function describeStory(entry: StoryEntry, display: DisplayFormatter): Pick<Line, "text" | "href"> {
  if (entry.kind === "resolution") {
    const how =
      entry.how === "marked_resolved"
        ? "Marked resolved"
        : `Resolved: ${RESOLUTION_LABELS[entry.how].toLowerCase()}`;
    return { text: entry.how === "refunded" ? how : `${how} — ${entry.note}` };
  }
  const what =
    entry.step === "requested" && entry.amount
      ? `Refund ${entry.orderId} of ${display.crypto(entry.amount, entry.currency)} requested`
      : `Refund ${entry.orderId} ${REFUND_STEP_WORDS[entry.step]}`;
  const why = entry.note && entry.step !== "requested" && entry.step !== "paid_out" ? ` (${entry.note})` : "";
  return { text: `${what}${why}`, href: `/withdrawals/${entry.refundId}` };
}

/**
 * The invoice's story, newest first: what the service told about it, its payments, its refunds
 * (requested, approved, paid out) and how its exception was resolved or reopened.
 */
export function Timeline({
  events,
  story,
  currency,
}: {
  events: InvoiceDetail["events"];
  story: StoryEntry[];
  currency: string | null;
}) {
  const display = useDisplay();
  const lines: Line[] = [
    ...events.map((event) => ({
      id: event.id,
      at: event.at,
      text: describeEvent(event, currency, display),
      by: event.actor ?? SOURCE_WORDS[event.source] ?? event.source,
      rank: RANK[event.kind] ?? 3,
    })),
    ...story.map((entry) => ({
      id: entry.id,
      at: entry.at,
      ...describeStory(entry, display),
      by: entry.actor ?? SOURCE_WORDS[entry.source] ?? entry.source,
      rank: RANK[entry.kind] ?? 4,
    })),
  ]
    // Oldest first (a stable sort keeps one refund's steps in their order), then newest on top.
    .sort((a, b) => a.at.localeCompare(b.at) || a.rank - b.rank)
    .reverse();
  return (
    <Card title="Timeline">
      {lines.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing has happened yet.</p>
      ) : (
        <ol className="grid gap-3 border-l border-slate-200 pl-4 text-sm" data-testid="timeline">
          {lines.map((line) => (
            <li key={line.id} className="grid gap-0.5">
              <span className="break-words">
                {line.href ? (
                  <Link href={line.href} className="underline-offset-4 hover:underline">
                    {line.text}
                  </Link>
                ) : (
                  line.text
                )}
              </span>
              <span className="text-xs text-slate-500">
                {display.dateTime(line.at)} · {line.by}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
