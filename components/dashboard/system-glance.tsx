import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { TroubledLoop } from "@/lib/system/at-a-glance";
import { formatCount } from "@/lib/system/present";
import type { DueWork } from "@/lib/system/work-counts";

/**
 * The system's state in a few lines for an admin's home: whether this instance's background
 * loops are well, and the work waiting in their queues. The System page has the rest.
 */
export function SystemGlance({
  loops,
  queues,
  cap,
}: {
  loops: { total: number; troubled: TroubledLoop[] } | null;
  queues: DueWork & { webhookProcessingBacklog: number };
  cap: number;
}) {
  const count = (n: number) => formatCount(n, cap);
  const depths = [
    {
      label: "Webhook events to process",
      value: queues.webhookEventsUnprocessed + queues.webhookProcessingBacklog,
    },
    { label: "Payouts due to be sent again", value: queues.withdrawalsDueForResubmission },
    { label: "Invoices due to be sent again", value: queues.invoiceCreationsDue },
    { label: "Invoices due for a refresh", value: queues.invoicesDueForRefresh },
  ];
  const well = loops !== null && loops.troubled.length === 0;
  return (
    <section
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-6"
      aria-labelledby="system-glance-heading"
      data-testid="system-glance"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="system-glance-heading" className="font-semibold">
          System
        </h2>
        <Link href="/admin/system" className="text-sm underline underline-offset-2">
          System details
        </Link>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="system-loops-state">
        {loops === null ? (
          <span className="text-slate-600">No background loop runs in this process.</span>
        ) : well ? (
          <>
            <Badge tone="success">Healthy</Badge>
            <span>All {loops.total} background loops are running, on time, with no recent error.</span>
          </>
        ) : (
          <>
            <Badge tone="danger">Needs a look</Badge>
            <span>
              {loops.troubled.length} of {loops.total} background loops need a look.
            </span>
          </>
        )}
      </p>
      {loops && loops.troubled.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {loops.troubled.map((loop) => (
            <li key={loop.name} className="[overflow-wrap:anywhere]">
              <span className="font-mono">{loop.name}</span>: {loop.why}
            </li>
          ))}
        </ul>
      ) : null}
      <dl
        className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm md:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] md:gap-x-8"
        data-testid="system-queue-depths"
      >
        {depths.map((depth) => (
          <div key={depth.label} className="contents">
            <dt className="text-slate-600">{depth.label}</dt>
            <dd className="text-right font-medium tabular-nums">{count(depth.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
