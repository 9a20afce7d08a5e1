import { serviceStatusLabel } from "@/lib/display/service-words";
import Decimal from "decimal.js";

interface Described {
  resource: "invoice" | "withdrawal";
  orderId: string;
  status: string | null;
  amount: string | null;
  currency: string | null;
  network: string | null;
}

/** One sentence for a person: what the service says moved, for which order Paydesk never made. */
export function describeUnmatched(report: Described): string {
  const money = report.amount
    ? `${new Decimal(report.amount).toFixed()} ${report.currency ?? ""}${report.network ? ` on ${report.network}` : ""}`.trim()
    : "an amount it did not say";
  const status = report.status
    ? ` (${serviceStatusLabel(report.resource, report.status).toLowerCase()})`
    : "";
  return report.resource === "invoice"
    ? `The service reports ${money} received for invoice ${report.orderId}${status}, which Paydesk never made.`
    : `The service reports a payout ${report.orderId} of ${money}${status}, which Paydesk never made.`;
}
