import type { DisplayFormatter } from "@/lib/display/formatter";
import { BALANCES_FRESH_SECONDS } from "@/lib/books/balances-snapshot";
import type { CoinBalance } from "@/lib/books/coin-balances";

/**
 * For finance and admins (books:view): what the merchant holds in each coin as Paydesk knows it,
 * from the books over all time. Money reserved for a payout or on its way still counts: it has not
 * left. The service's own balance can differ by what Paydesk never heard of.
 */
export function CoinBalances({
  display,
  rows,
  computedAt,
}: {
  display: DisplayFormatter;
  rows: CoinBalance[];
  computedAt: Date;
}) {
  return (
    <section
      className="grid min-w-0 gap-3 rounded-lg border border-slate-200 bg-white p-6"
      aria-labelledby="coin-balances-heading"
      data-testid="coin-balances"
    >
      <div>
        <h2 id="coin-balances-heading" className="font-semibold">
          Balances as Paydesk knows them
        </h2>
        <p className="text-xs text-slate-500">
          All time, from the books: received, less what refunds and payouts sent and the service&apos;s fees.
          A payout requested or on its way still counts until it leaves. As of {display.timeOfDay(computedAt)}{" "}
          (read at most every {BALANCES_FRESH_SECONDS} seconds).
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing received or paid out yet.</p>
      ) : (
        // On a phone the table scrolls sideways: a region that takes focus, so it scrolls by keyboard too.
        <div
          className="overflow-x-auto"
          role="region"
          aria-label="Balances per coin, scrolling sideways"
          tabIndex={0}
        >
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Coin
                </th>
                {["Received", "Refunded", "Paid out", "Fees", "Balance"].map((label) => (
                  <th key={label} scope="col" className="py-1 pl-4 text-right font-medium">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const money = (amount: string) => display.crypto(amount, row.currency);
                return (
                  <tr
                    key={`${row.currency} ${row.network}`}
                    className="border-t border-slate-100"
                    data-testid={`balance-${row.currency}-${row.network}`}
                  >
                    <th scope="row" className="py-2 pr-4 text-left font-medium whitespace-nowrap">
                      {row.currency} on {row.network}
                    </th>
                    <td className="py-2 pl-4 text-right whitespace-nowrap">{money(row.received)}</td>
                    <td className="py-2 pl-4 text-right whitespace-nowrap">{money(row.refunded)}</td>
                    <td className="py-2 pl-4 text-right whitespace-nowrap">{money(row.paidOut)}</td>
                    <td className="py-2 pl-4 text-right whitespace-nowrap">{money(row.fees)}</td>
                    <td className="py-2 pl-4 text-right font-semibold whitespace-nowrap">
                      {money(row.balance)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
