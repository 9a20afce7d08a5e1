import type { Metadata } from "next";
import Link from "next/link";
import { PeriodForm } from "@/components/statement/period-form";
import { StatementDownloads } from "@/components/statement/statement-downloads";
import { StatementLinesSection } from "@/components/statement/statement-lines-section";
import { StatementPeriodHeading } from "@/components/statement/statement-period-heading";
import { StatementSummaryTable } from "@/components/statement/statement-summary-table";
import { requirePermission } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { currentDisplay } from "@/lib/display/current-display";
import { statementFigures } from "@/lib/statement/figures";
import { statementLinesPage } from "@/lib/statement/lines-page";
import { STATEMENT_NOTES } from "@/lib/statement/notes";
import { statementQuery } from "@/lib/statement/params";
import { readStatementRequest } from "@/lib/statement/request";

export const metadata: Metadata = { title: "Statement" };

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The statement: per coin and network, the opening balance, what was received, refunded, paid out
 * and taken in fees over a month or any days, and the closing balance, from the ledger; each
 * figure opens its lines below. Finance and admins.
 */
export default async function StatementPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePermission("statement:view");
  const display = await currentDisplay();
  const asked = readStatementRequest(user, await searchParams);
  const heading = (
    <div>
      <h1 className="text-2xl font-semibold">Statement</h1>
      <p className="text-sm text-slate-600">
        What came into the merchant&apos;s balance and what left it, per coin and network, as Paydesk&apos;s
        books know it.
      </p>
    </div>
  );
  if (!asked.ok) {
    const { month, from, to, ...others } = asked.errors;
    return (
      <div className="grid gap-6">
        {heading}
        <PeriodForm errors={{ month, from, to }} timeZone={asked.timeZone} />
        {Object.keys(others).length > 0 ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <p className="font-medium">This link asks for something the statement does not have:</p>
            <ul className="list-disc pl-5">
              {Object.entries(others).map(([name, message]) => (
                <li key={name}>
                  {name}: {message}
                </li>
              ))}
            </ul>
            <Link href="/statement" className="underline underline-offset-4">
              Show last month&apos;s statement
            </Link>
          </div>
        ) : null}
      </div>
    );
  }
  const { range, filter } = asked;
  const db = await getDb();
  const rows = await statementFigures(db, range);
  const showLines =
    filter.currency !== undefined || filter.network !== undefined || filter.figure !== undefined;
  const lines = showLines
    ? await statementLinesPage(db, range, filter, { cursor: asked.cursor, dir: asked.dir })
    : undefined;
  return (
    <div className="grid gap-6">
      {heading}
      <PeriodForm period={range.period} timeZone={range.timeZone} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <StatementPeriodHeading range={range} display={display} />
        <StatementDownloads
          query={statementQuery(range.period).toString()}
          linesQuery={statementQuery(range.period, filter).toString()}
        />
      </div>
      {rows.length > 0 ? (
        <StatementSummaryTable period={range.period} rows={rows} />
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
          Nothing in the books up to the end of this period.
        </p>
      )}
      {lines ? (
        <StatementLinesSection period={range.period} filter={filter} page={lines} />
      ) : rows.length > 0 ? (
        <p className="text-sm text-slate-600">
          Choose a figure to see the lines behind it, or see{" "}
          <Link
            href={`/statement?${statementQuery(range.period, { figure: "all" })}#lines`}
            className="underline underline-offset-4"
          >
            every line of the period
          </Link>
          .
        </p>
      ) : null}
      <section aria-labelledby="statement-notes" className="grid gap-2 text-sm text-slate-600">
        <h2 id="statement-notes" className="text-base font-semibold text-slate-900">
          What the figures mean
        </h2>
        <ul className="list-disc space-y-1 pl-5">
          {STATEMENT_NOTES.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
