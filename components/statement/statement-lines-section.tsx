import Link from "next/link";
import { KeysetPager } from "@/components/lists/keyset-pager";
import { FIGURE_LABELS } from "@/lib/statement/line-types";
import type { LineFilter } from "@/lib/statement/lines";
import type { LinesPage } from "@/lib/statement/lines-page";
import { statementQuery } from "@/lib/statement/params";
import type { StatementPeriod } from "@/lib/statement/period";
import { networkLabel } from "./statement-summary-table";
import { StatementLinesTable } from "./statement-lines-table";

function linesTitle(filter: LineFilter): string {
  const what =
    filter.figure === "fees_not_reported"
      ? "Payouts paid with no fee reported"
      : filter.figure && filter.figure !== "all"
        ? `${FIGURE_LABELS[filter.figure]}: lines`
        : "All lines";
  const coin = filter.currency ?? "";
  const network = filter.network === undefined ? "" : ` on ${networkLabel(filter.network)}`;
  return `${what}${coin || network ? `, ${coin || "every coin"}${network}` : ""}`;
}

/** The lines behind a figure, a page at a time, with a way back to the summary alone. */
export function StatementLinesSection({
  period,
  filter,
  page,
}: {
  period: StatementPeriod;
  filter: LineFilter;
  page: LinesPage;
}) {
  const queryFor = (position?: { cursor: string; dir?: "prev" }) => {
    const query = statementQuery(period, filter);
    if (position) query.set("cursor", position.cursor);
    if (position?.dir) query.set("dir", position.dir);
    return query.toString();
  };
  return (
    <section id="lines" aria-labelledby="lines-heading" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="lines-heading" className="text-lg font-semibold">
          {linesTitle(filter)}
        </h2>
        <Link href={`/statement?${statementQuery(period)}`} className="text-sm underline underline-offset-4">
          Close the lines
        </Link>
      </div>
      {filter.figure === "fees_not_reported" ? (
        <p className="text-sm text-slate-600">
          The service did not say what it took for these payouts. The ledger books no fee for them, which is
          not a fee of 0: the fees above leave them out.
        </p>
      ) : null}
      <StatementLinesTable lines={page.rows} />
      <KeysetPager
        basePath="/statement"
        queryFor={queryFor}
        prevCursor={page.prevCursor}
        nextCursor={page.nextCursor}
      />
    </section>
  );
}
