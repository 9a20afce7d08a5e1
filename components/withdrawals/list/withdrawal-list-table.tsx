import Link from "next/link";
import { DateTime } from "@/components/display/date-time";
import { Money } from "@/components/display/money";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { WithdrawalStateBadge } from "@/components/withdrawals/withdrawal-state-badge";
import { shortenAddress } from "@/lib/withdrawals/list-format";
import type { WithdrawalListRow } from "@/lib/withdrawals/list-withdrawals";

export function WithdrawalListTable({ rows }: { rows: WithdrawalListRow[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>State</TableHead>
          <TableHead>Order</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Network</TableHead>
          <TableHead>Address</TableHead>
          <TableHead>Customer</TableHead>
          <TableHead>Requested by</TableHead>
          <TableHead>Created</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell label="State" className="whitespace-nowrap">
              <WithdrawalStateBadge state={row.state} />
            </TableCell>
            <TableCell label="Order" className="font-mono text-xs">
              <Link href={`/withdrawals/${row.id}`} className="underline-offset-4 hover:underline">
                {row.orderId}
              </Link>
            </TableCell>
            <TableCell label="Amount" className="text-right tabular-nums">
              {row.amount ? (
                <Money amount={row.amount} unit={row.currency} className="whitespace-nowrap" />
              ) : (
                <span>
                  {row.fiatAmount && row.fiatCurrency ? (
                    <Money amount={row.fiatAmount} unit={row.fiatCurrency} className="whitespace-nowrap" />
                  ) : (
                    "—"
                  )}
                  <span className="block text-xs text-slate-500">
                    in {row.currency}, converted by the service
                  </span>
                </span>
              )}
            </TableCell>
            <TableCell label="Network">{row.network}</TableCell>
            <TableCell label="Address" className="font-mono text-xs" title={row.address}>
              {shortenAddress(row.address)}
            </TableCell>
            <TableCell label="Customer" className="font-mono text-xs">
              {row.customerId ?? "—"}
            </TableCell>
            <TableCell label="Requested by" className="text-sm">
              {row.requestedByName ?? row.requestedByEmail ?? "—"}
            </TableCell>
            <TableCell label="Created" className="whitespace-nowrap">
              <DateTime value={row.createdAt.toISOString()} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
