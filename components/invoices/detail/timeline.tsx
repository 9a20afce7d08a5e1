import { formatDateTime } from "@/lib/format";
import type { InvoiceDetail } from "@/lib/invoices/invoice-detail";
import { Card } from "@/components/ui/card";

type Event = InvoiceDetail["events"][number];

const SOURCE_WORDS: Record<string, string> = {
  user: "by a person",
  webhook: "from a webhook",
  loop: "by the background check",
  view: "while someone watched the page",
};

function describe(event: Event): string {
  const detail = (event.detail ?? {}) as Record<string, unknown>;
  switch (event.kind) {
    case "created":
      return detail.mismatch
        ? `Created on the service. ${String(detail.mismatch)}`
        : "Created on the service";
    case "creation_failed":
      return `Sending failed: ${String(detail.message ?? "unknown error")}`;
    case "status_changed":
      return `Status ${event.fromStatus ?? "—"} → ${event.toStatus ?? "—"}`;
    case "payment_received":
      return `Payment of ${String(detail.amount ?? "?")} received (${String(detail.txid ?? "").slice(0, 16)}…)`;
    case "webhook_received":
      return `Webhook received${detail.reportedStatus ? ` (status ${String(detail.reportedStatus)})` : ""}`;
    case "refresh_failed":
      return `Could not check with the service: ${String(detail.message ?? "unknown error")}`;
    case "exception_reopened":
      return `Exception reopened: ${String(detail.reason ?? "new money arrived after it was resolved")}`;
    default:
      return event.kind;
  }
}

export function Timeline({ events }: { events: InvoiceDetail["events"] }) {
  return (
    <Card title="Timeline">
      {events.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing has happened yet.</p>
      ) : (
        <ol className="grid gap-3 border-l border-slate-200 pl-4 text-sm" data-testid="timeline">
          {[...events].reverse().map((event) => (
            <li key={event.id} className="grid gap-0.5">
              <span>{describe(event)}</span>
              <span className="text-xs text-slate-500">
                {formatDateTime(event.at)} · {event.actor ?? SOURCE_WORDS[event.source] ?? event.source}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
