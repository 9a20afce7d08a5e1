"use client";

import { DateTime } from "@/components/display/date-time";
import { useDisplay } from "@/components/display/display-provider";
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import type { LedgerLine } from "@/lib/ledger-lines/read-lines";

/** The books' lines of one invoice or payout, oldest first, in words. */
export function LedgerLinesTable({ lines, notShown }: { lines: LedgerLine[]; notShown: number }) {
  const display = useDisplay();
  return (
    <div className="grid gap-2">
      {notShown > 0 ? (
        <p className="text-sm text-slate-600" data-testid="ledger-not-shown">
          The {lines.length} most recent lines are shown; {notShown} older{" "}
          {notShown === 1 ? "one is" : "ones are"} not. The figures below count every line.
        </p>
      ) : null}
      <Table data-testid="ledger-lines">
        <TableHeader>
          <TableRow>
            <TableHead>When</TableHead>
            <TableHead>What happened</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead>From → to</TableHead>
            <TableHead>Transaction</TableHead>
            <TableHead>Evidence</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.length === 0 ? <TableEmpty colSpan={6}>No money has moved yet.</TableEmpty> : null}
          {lines.map((line) => (
            <TableRow key={line.id} data-testid="ledger-line">
              <TableCell label="When" className="whitespace-nowrap">
                <DateTime value={line.movedAt} />
              </TableCell>
              <TableCell label="What happened">{line.what}</TableCell>
              <TableCell label="Amount" className="whitespace-nowrap text-right font-medium tabular-nums">
                {display.crypto(line.amount, line.currency)}
              </TableCell>
              <TableCell label="From → to">
                {line.from} → {line.to}
              </TableCell>
              <TableCell
                label="Transaction"
                className="max-w-48 truncate font-mono text-xs"
                title={line.txid ?? undefined}
              >
                <span className="block truncate">{line.txid ?? "—"}</span>
              </TableCell>
              <TableCell label="Evidence">{line.evidence}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
