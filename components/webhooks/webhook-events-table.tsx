import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import type { WebhookEventRow } from "@/lib/webhooks/list-events";
import { DateTime } from "@/components/display/date-time";
import { ServiceStatus } from "@/components/display/service-status";
import { OutcomeBadge } from "./outcome-badge";
import { ReprocessButton } from "./reprocess-button";

export function WebhookEventsTable({
  events,
  canReprocess,
}: {
  events: WebhookEventRow[];
  /** Whether the viewer may process a stuck event again (the server checks it too). */
  canReprocess: boolean;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Received</TableHead>
          <TableHead>Order id</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Reported status</TableHead>
          <TableHead>Signature</TableHead>
          <TableHead className="text-right">Repeats</TableHead>
          <TableHead>Outcome</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.length === 0 ? (
          <TableEmpty colSpan={7}>No webhooks match.</TableEmpty>
        ) : (
          events.map((event) => (
            <WebhookEventRowView key={event.id} event={event} canReprocess={canReprocess} />
          ))
        )}
      </TableBody>
    </Table>
  );
}

function WebhookEventRowView({ event, canReprocess }: { event: WebhookEventRow; canReprocess: boolean }) {
  const notInEffect = event.verified && (event.outcome === "pending" || event.outcome === "failed");
  return (
    <TableRow className="align-top" data-testid="webhook-event">
      <TableCell label="Received" className="whitespace-nowrap">
        <DateTime value={event.receivedAt} seconds />
      </TableCell>
      <TableCell label="Order id" className="font-mono text-xs">
        {event.invoiceId ? (
          <Link href={`/invoices/${event.invoiceId}`} className="underline underline-offset-2">
            {event.orderId}
          </Link>
        ) : (
          (event.orderId ?? "—")
        )}
      </TableCell>
      <TableCell label="Type">{event.resourceType ?? "—"}</TableCell>
      <TableCell label="Reported status">
        <ServiceStatus
          subject={event.resourceType === "withdrawal" ? "withdrawal" : "invoice"}
          status={event.reportedStatus}
        />
      </TableCell>
      <TableCell label="Signature">
        <span className="flex flex-col gap-1 max-sm:items-end">
          <Badge tone={event.verified ? "success" : "danger"}>
            {event.verified ? "Verified" : "Not verified"}
          </Badge>
          <span className="text-xs text-slate-500">{event.signatureForm}</span>
          {event.signingKey === "previous" ? (
            <span className="text-xs text-slate-500">previous key</span>
          ) : null}
        </span>
      </TableCell>
      <TableCell
        label="Repeats"
        className="text-right tabular-nums"
        title={event.lastDuplicateAt?.toISOString()}
      >
        {event.duplicates}
      </TableCell>
      <TableCell label="Outcome" className="max-w-sm">
        <span>
          <OutcomeBadge outcome={event.outcome} />
        </span>
        {event.outcomeDetail ? (
          <p className="mt-1 text-xs text-slate-600 max-sm:basis-full max-sm:text-left">
            {event.outcomeDetail}
          </p>
        ) : null}
        {notInEffect ? (
          <p className="mt-1 text-xs text-slate-600 max-sm:basis-full max-sm:text-left">
            {processingNote(event)}
          </p>
        ) : null}
        {notInEffect && canReprocess ? (
          <span className="mt-2 block max-sm:basis-full max-sm:text-left">
            <ReprocessButton eventId={event.id} orderId={event.orderId} />
          </span>
        ) : null}
        <details className="mt-1 max-sm:basis-full max-sm:text-left">
          <summary className="cursor-pointer text-xs text-slate-500">
            Body ({bodySizeText(event.bodySize)}
            {event.bodyPartial ? ", beginning" : ""})
          </summary>
          <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">
            {event.bodyPreview}
            {event.bodyPartial ? "…" : ""}
          </pre>
        </details>
      </TableCell>
    </TableRow>
  );
}

/** Where a verified event that has not taken effect stands with the automatic retries. */
function processingNote(event: WebhookEventRow): ReactNode {
  const tried = `Processed ${event.processAttempts} ${event.processAttempts === 1 ? "time" : "times"}`;
  if (event.nextProcessAt)
    return (
      <>
        {tried}; next automatic try <DateTime value={event.nextProcessAt} seconds />.
      </>
    );
  return `${tried}; no more automatic tries.`;
}

function bodySizeText(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}
