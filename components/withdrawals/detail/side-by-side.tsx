import { DateTime } from "@/components/display/date-time";
import { Money } from "@/components/display/money";
import { ServiceStatus } from "@/components/display/service-status";
import { withdrawalStateLabel } from "@/lib/withdrawals/state-labels";
import type { SideBySide, SideBySideLine } from "@/lib/withdrawals/side-by-side";

const WHAT: Record<SideBySideLine["what"], string> = {
  amount: "Amount",
  address: "Address",
  service_id: "Service's id",
  status: "Status",
  time: "Last word",
};

/**
 * A conflict's two records side by side: Paydesk's and the service's latest word (its latest
 * report, or its answer to the creation call when no report came). A line where they differ says
 * so in words and with a mark, not by colour alone.
 */
export function SideBySideCard({ comparison }: { comparison: SideBySide }) {
  const differing = comparison.lines
    .filter((line) => line.differs)
    .map((line) => WHAT[line.what].toLowerCase());
  return (
    <section
      aria-labelledby="side-by-side-title"
      data-testid="side-by-side"
      className="grid gap-3 rounded-md border border-slate-200 bg-white p-4 text-sm"
    >
      <h2 id="side-by-side-title" className="font-semibold">
        Paydesk and the service, side by side
      </h2>
      {differing.length > 0 ? (
        <p className="font-medium text-red-800">They differ on: {differing.join(", ")}.</p>
      ) : null}
      <table className="w-full table-fixed border-collapse text-left">
        <thead className="text-xs text-slate-600">
          <tr>
            <th scope="col" className="w-20 py-1 pr-2 sm:w-28">
              <span className="sr-only">What</span>
            </th>
            <th scope="col" className="py-1 pr-2">
              Paydesk
            </th>
            <th scope="col" className="py-1">
              {comparison.basis === "report"
                ? "The service (latest report)"
                : "The service (its answer when sent)"}
            </th>
          </tr>
        </thead>
        <tbody>
          {comparison.lines.map((line) => (
            <tr
              key={line.what}
              data-testid={`side-${line.what}`}
              data-differs={line.differs ? "true" : undefined}
              className={line.differs ? "bg-red-50 align-top" : "border-t border-slate-100 align-top"}
            >
              <th scope="row" className="py-2 pr-2 font-medium">
                {WHAT[line.what]}
                {line.differs ? (
                  <span className="mt-1 block text-xs font-semibold text-red-800">
                    <span aria-hidden="true">⚠ </span>differs
                  </span>
                ) : null}
              </th>
              <td className="py-2 pr-2 break-words">
                <Value line={line} side="ours" currency={comparison.currency} />
              </td>
              <td className={line.differs ? "py-2 font-semibold break-words" : "py-2 break-words"}>
                <Value line={line} side="theirs" currency={comparison.currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Value({
  line,
  side,
  currency,
}: {
  line: SideBySideLine;
  side: "ours" | "theirs";
  currency: string;
}) {
  const value = line[side];
  if (value === null) return <span className="text-slate-500">Not said</span>;
  switch (line.what) {
    case "amount":
      return <Money amount={value} unit={currency} />;
    case "address":
    case "service_id":
      return <code className="text-xs break-all">{value}</code>;
    case "status":
      return side === "ours" ? (
        <>{withdrawalStateLabel(value)}</>
      ) : (
        <ServiceStatus subject="withdrawal" status={value} />
      );
    case "time":
      return <DateTime value={value} />;
  }
}
