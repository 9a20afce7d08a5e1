import { AuditLink } from "@/components/audit/audit-link";
import { DateTime } from "@/components/display/date-time";
import { Card } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { ServiceStatus } from "@/components/display/service-status";
import { webhookOutcomeLabel } from "@/lib/display/service-words";
import type { WithdrawalDetail } from "@/lib/withdrawals/withdrawal-detail";
import { withdrawalStateLabel as label } from "@/lib/withdrawals/state-labels";
const SOURCE: Record<string, string> = {
  loop: "Paydesk (in the background)",
  webhook: "payment service webhook",
  user: "unknown user",
  cli: "command line",
};

export function AuditTrail({
  withdrawalId,
  audit,
  webhooks,
}: Pick<WithdrawalDetail, "audit" | "webhooks"> & {
  /** Set when this viewer may open the audit log: the card links to it. */
  withdrawalId: string | null;
}) {
  return (
    <div className="grid content-start gap-6">
      <Card
        title="Audit trail"
        action={withdrawalId ? <AuditLink objectType="withdrawal" objectId={withdrawalId} /> : null}
      >
        <ol className="grid gap-3 border-l border-slate-200 pl-4 text-sm" data-testid="audit-trail">
          {[...audit].reverse().map((entry) => (
            <li key={entry.id} className="grid gap-0.5">
              <span>
                {entry.fromState === entry.toState
                  ? label(entry.toState)
                  : `${label(entry.fromState)} → ${label(entry.toState)}`}
                {entry.reason ? <span className="text-slate-600"> — {entry.reason}</span> : null}
              </span>
              <span className="text-xs text-slate-500">
                <DateTime value={entry.at} /> · {entry.actor ?? SOURCE[entry.source] ?? entry.source}
              </span>
            </li>
          ))}
        </ol>
      </Card>
      <Card title="Webhook deliveries">
        {webhooks.length === 0 ? (
          <p className="text-sm text-slate-500">None received yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {webhooks.map((event) => (
              <li key={event.id} className="flex flex-wrap items-center gap-2">
                <DateTime value={event.receivedAt} className="text-xs text-slate-500" />
                <Badge tone={event.verified ? "success" : "danger"}>
                  {event.verified ? "verified" : "unverified"}
                </Badge>
                <span>
                  Service status: <ServiceStatus subject="withdrawal" status={event.reportedStatus} />
                </span>
                <span className="text-slate-500">{event.detail ?? webhookOutcomeLabel(event.outcome)}</span>
                {event.duplicates > 0 ? (
                  <span className="text-xs text-slate-500">(+{event.duplicates} duplicates)</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
