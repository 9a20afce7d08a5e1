import Link from "next/link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { StatementRow } from "@/lib/statement/figures";
import { FIGURE_LABELS, FIGURES } from "@/lib/statement/line-types";
import type { LineFilter } from "@/lib/statement/lines";
import { statementQuery } from "@/lib/statement/params";
import type { StatementPeriod } from "@/lib/statement/period";
import { ExactMoney } from "./exact-money";

const LINK = "underline-offset-4 hover:underline";

export const networkLabel = (network: string) => network || "no network";

/** "USDT-TRON-received": what the downloads' checks find a figure by. */
const testId = (row: StatementRow, what: string) => `figure-${row.currency}-${row.network}-${what}`;

/**
 * One row per coin and network: opening, what moved, closing. Each figure links to the lines
 * behind it; payouts paid without a fee reported are counted beside the fees, never as 0.
 */
export function StatementSummaryTable({ period, rows }: { period: StatementPeriod; rows: StatementRow[] }) {
  const linesOf = (row: StatementRow, figure?: LineFilter["figure"]) =>
    `/statement?${statementQuery(period, { currency: row.currency, network: row.network, figure })}#lines`;
  return (
    <Table data-testid="statement-summary">
      <caption className="sr-only">Figures per coin and network</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Coin</TableHead>
          <TableHead>Network</TableHead>
          <TableHead className="text-right">Opening balance</TableHead>
          {FIGURES.map((figure) => (
            <TableHead key={figure} className="text-right">
              {FIGURE_LABELS[figure]}
            </TableHead>
          ))}
          <TableHead className="text-right">Closing balance</TableHead>
          <TableHead>Lines</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow
            key={`${row.currency}/${row.network}`}
            data-testid={`statement-row-${row.currency}-${row.network}`}
          >
            <TableCell label="Coin" className="font-medium">
              {row.currency}
            </TableCell>
            <TableCell label="Network">{networkLabel(row.network)}</TableCell>
            <TableCell
              label="Opening balance"
              className="text-right tabular-nums"
              data-testid={testId(row, "opening")}
            >
              <ExactMoney amount={row.opening.toFixed()} unit={row.currency} className="whitespace-nowrap" />
            </TableCell>
            {FIGURES.map((figure) => (
              <TableCell
                key={figure}
                label={FIGURE_LABELS[figure]}
                className="text-right tabular-nums"
                data-testid={testId(row, figure)}
              >
                <Link href={linesOf(row, figure)} className={LINK}>
                  <ExactMoney
                    amount={row.figures[figure].toFixed()}
                    unit={row.currency}
                    className="whitespace-nowrap"
                  />
                  <span className="sr-only">
                    {" "}
                    — {FIGURE_LABELS[figure]}, {row.currency} on {networkLabel(row.network)}: show the lines
                  </span>
                </Link>
                {figure === "fees" && row.feesNotReported > 0 ? (
                  <Link
                    href={linesOf(row, "fees_not_reported")}
                    className={`block text-xs text-amber-800 ${LINK}`}
                    data-testid={testId(row, "fees-not-reported")}
                    data-count={row.feesNotReported}
                  >
                    not reported for {row.feesNotReported} {row.feesNotReported === 1 ? "payout" : "payouts"}
                  </Link>
                ) : null}
              </TableCell>
            ))}
            <TableCell
              label="Closing balance"
              className="text-right font-medium tabular-nums"
              data-testid={testId(row, "closing")}
            >
              <ExactMoney amount={row.closing.toFixed()} unit={row.currency} className="whitespace-nowrap" />
            </TableCell>
            <TableCell label="Lines">
              <Link href={linesOf(row)} className={`whitespace-nowrap ${LINK}`}>
                All lines
                <span className="sr-only">
                  {" "}
                  of {row.currency} on {networkLabel(row.network)}
                </span>
              </Link>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
