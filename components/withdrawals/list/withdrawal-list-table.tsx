import Link from "next/link";
import { DateTime } from "@/components/display/date-time";
import { Money } from "@/components/display/money";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { WithdrawalStateBadge } from "@/components/withdrawals/withdrawal-state-badge";
import { shortenAddress } from "@/lib/withdrawals/list-format";
import type { WithdrawalListRow } from "@/lib/withdrawals/list-withdrawals";

/**
 * The withdrawal list. Each row is a link to its payout: the order id is a real link, stretched
 * over the row for the pointer. On a phone, compact rows of about 90 px: order and amount (with
 * its network), address and state, when and by whom it was requested.
 */
export function WithdrawalListTable({ rows }: { rows: WithdrawalListRow[] }) {
  return (
    <Table className="table-compact">
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
          <TableRow key={row.id} className="relative">
            <TableCell label="State" className="whitespace-nowrap max-sm:order-4" data-phone="end">
              <WithdrawalStateBadge state={row.state} />
            </TableCell>
            <TableCell label="Order" className="min-w-0 whitespace-nowrap font-mono text-xs max-sm:order-1">
              <Link
                href={`/withdrawals/${row.id}`}
                className="font-medium underline-offset-4 after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-slate-600"
                title={row.orderId}
              >
                <span className="inline-block max-w-[14rem] truncate align-bottom max-sm:max-w-full">
                  {row.orderId}
                </span>
              </Link>
            </TableCell>
            <TableCell
              label="Amount"
              className="text-right tabular-nums max-sm:order-2 max-sm:font-semibold"
              data-phone="end"
            >
              <span className="grid justify-items-end">
                {row.amount ? (
                  <Money amount={row.amount} unit={row.currency} className="whitespace-nowrap" />
                ) : (
                  <span>
                    {row.fiatAmount && row.fiatCurrency ? (
                      <Money amount={row.fiatAmount} unit={row.fiatCurrency} className="whitespace-nowrap" />
                    ) : (
                      "—"
                    )}
                    <span className="block text-xs font-normal text-slate-500">
                      in {row.currency}, converted by the service
                    </span>
                  </span>
                )}
                <span className="text-xs font-normal text-slate-500 sm:hidden">on {row.network}</span>
              </span>
            </TableCell>
            <TableCell label="Network" data-phone="hide">
              {row.network}
            </TableCell>
            <TableCell label="Address" className="font-mono text-xs max-sm:order-3" title={row.address}>
              {shortenAddress(row.address)}
            </TableCell>
            <TableCell label="Customer" className="font-mono text-xs" data-phone="hide">
              {row.customerId ?? "—"}
            </TableCell>
            <TableCell
              label="Requested by"
              className="text-sm max-sm:order-6 max-sm:text-xs max-sm:text-slate-500"
              data-phone="end"
            >
              {row.requestedByName ?? row.requestedByEmail ?? "—"}
            </TableCell>
            <TableCell
              label="Created"
              className="whitespace-nowrap max-sm:order-5 max-sm:text-xs max-sm:text-slate-500"
            >
              <DateTime value={row.createdAt.toISOString()} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
