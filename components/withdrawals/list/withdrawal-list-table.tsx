import { format } from "date-fns";
import Link from "next/link";
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
            <TableCell>
              <div className="flex flex-col items-start gap-1">
                <WithdrawalStateBadge state={row.state} serviceStatus={row.serviceStatus} />
                {row.serviceStatus ? (
                  <span className="text-xs text-slate-500">service: {row.serviceStatus}</span>
                ) : null}
              </div>
            </TableCell>
            <TableCell className="font-mono text-xs">
              <Link href={`/withdrawals/${row.id}`} className="underline-offset-4 hover:underline">
                {row.orderId}
              </Link>
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {row.amount ? (
                `${row.amount} ${row.currency}`
              ) : (
                <span title={`Paid out in ${row.currency}, converted by the service`}>
                  {row.fiatAmount ?? "?"} {row.fiatCurrency ?? ""}
                  <span className="block text-xs text-slate-500">
                    in {row.currency}, converted by the service
                  </span>
                </span>
              )}
            </TableCell>
            <TableCell>{row.network}</TableCell>
            <TableCell className="font-mono text-xs" title={row.address}>
              {shortenAddress(row.address)}
            </TableCell>
            <TableCell className="font-mono text-xs">{row.customerId ?? "—"}</TableCell>
            <TableCell className="text-sm">{row.requestedByEmail ?? "—"}</TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={row.createdAt.toISOString()}>{format(row.createdAt, "d MMM yyyy, HH:mm")}</time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
