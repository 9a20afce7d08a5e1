import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DetailList, type DetailItem } from "@/components/ui/detail-list";
import { DateTime } from "@/components/display/date-time";
import { RelativeTime } from "@/components/display/relative-time";
import { formatCount, formatUptime } from "@/lib/system/present";
import type { SystemReport } from "@/lib/system/system-report";
import { LoopsTable } from "./loops-table";

/** The System page: what an operator puts in a support ticket, and the same as JSON. */
export function SystemView({ report }: { report: SystemReport }) {
  const now = new Date(report.generatedAt);
  const count = (n: number) => formatCount(n, report.countsCappedAt);
  const when = (iso: string | null) =>
    iso ? (
      <>
        <DateTime value={iso} />{" "}
        <span className="text-slate-500">
          (<RelativeTime value={iso} now={now} />)
        </span>
      </>
    ) : (
      <span className="text-slate-500">not recorded</span>
    );
  const linked = (n: number, href: string): ReactNode =>
    n > 0 ? (
      <Link href={href} className="underline underline-offset-2">
        {count(n)}
      </Link>
    ) : (
      count(n)
    );
  const { database, migrations, queues, waitingOnPeople: people } = report;

  const databaseItems: DetailItem[] =
    database.kind === "pglite"
      ? [
          { label: "Kind", value: "PGlite (embedded)" },
          { label: "Data directory", value: database.dataDir, valueClassName: "font-mono break-all" },
        ]
      : [
          { label: "Kind", value: "PostgreSQL" },
          {
            label: "Host",
            value: `${database.host}:${database.port}`,
            valueClassName: "font-mono break-all",
          },
          { label: "Database", value: database.database, valueClassName: "font-mono break-all" },
        ];
  databaseItems.push({
    label: "Migrations",
    value: "error" in migrations ? `${migrations.summary}: ${migrations.error}` : migrations.summary,
    // Migration tags are long single words: let them wrap on a phone.
    valueClassName: "[overflow-wrap:anywhere]",
  });

  return (
    <div className="grid max-w-4xl min-w-0 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">System</h1>
          <p className="text-sm text-slate-600">
            What to put in a support ticket: this instance&apos;s build, database, background loops and the
            work waiting. No password or key is shown here or in the JSON. As of{" "}
            <DateTime value={report.generatedAt} />.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <a href="/api/admin/system" download={`paydesk-system-${report.generatedAt.slice(0, 10)}.json`}>
              Download JSON
            </a>
          </Button>
          <CopyButton text={JSON.stringify(report, null, 2)} what="System report">
            Copy as JSON
          </CopyButton>
        </div>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <Card title="Paydesk">
          <DetailList
            data-testid="system-paydesk"
            items={[
              { label: "Version", value: report.paydesk.version, valueClassName: "font-mono" },
              { label: "Commit", value: report.paydesk.commit, valueClassName: "font-mono" },
              { label: "Node.js", value: report.paydesk.node, valueClassName: "font-mono" },
              { label: "Uptime", value: formatUptime(report.paydesk.uptimeSeconds) },
            ]}
          />
        </Card>
        <Card title="Database">
          <DetailList items={databaseItems} />
        </Card>
      </div>

      <Card title="Payment service">
        <DetailList
          items={[
            {
              label: "Service",
              value: report.service.mode === "embedded-sandbox" ? "Embedded sandbox" : "External service",
            },
            { label: "Base URL", value: report.service.baseUrl, valueClassName: "font-mono break-all" },
            { label: "Last invoice read", value: when(report.service.lastInvoiceSync) },
            { label: "Last verified webhook", value: when(report.service.lastVerifiedWebhook) },
          ]}
        />
        <p className="text-xs text-slate-500">
          Read from the data: the last time an invoice was read from the service, and the last webhook whose
          signature was verified. Test the connection itself on{" "}
          <Link href="/admin/service" className="underline underline-offset-2">
            Service connection
          </Link>
          .
        </p>
      </Card>

      <Card title="Background loops">
        {report.loops ? (
          <LoopsTable loops={report.loops} now={now} />
        ) : (
          <p className="text-sm text-slate-500">No background loop was started in this process.</p>
        )}
        <p className="text-xs text-slate-500">
          This instance&apos;s loops only; errors are kept since this process started.
        </p>
      </Card>

      <div className="grid gap-6 md:grid-cols-2">
        <Card title="Queues">
          <DetailList
            size="wide"
            data-testid="system-queues"
            items={[
              { label: "Webhook processing queue", value: count(queues.webhookProcessingBacklog) },
              { label: "Webhook events not processed", value: count(queues.webhookEventsUnprocessed) },
              { label: "… due now", value: count(queues.webhookEventsDue) },
              { label: "Payouts due to be sent again", value: count(queues.withdrawalsDueForResubmission) },
              { label: "Invoices due to be sent again", value: count(queues.invoiceCreationsDue) },
              { label: "Invoices due for a refresh", value: count(queues.invoicesDueForRefresh) },
            ]}
          />
        </Card>
        <Card title="Waiting for a person">
          <DetailList
            size="wide"
            data-testid="system-people"
            items={[
              { label: "Payouts that need finance", value: count(people.payoutsNeedingFinance) },
              {
                label: "Unresolved invoice exceptions",
                value: linked(people.unresolvedInvoiceExceptions, "/"),
              },
              { label: "Invoices not sent", value: linked(people.invoicesNotSent, "/") },
              { label: "Pending changes", value: linked(people.pendingChanges, "/admin/changes") },
              {
                label: "Webhook events failed for good",
                value: linked(people.webhookEventsFailed, "/webhooks?outcome=failed"),
              },
            ]}
          />
        </Card>
      </div>
    </div>
  );
}
