import type { DisplayFormatter } from "@/lib/display/formatter";
import type { CoinReceipts } from "@/lib/books/receipt-series";
import { ReceiptsChart } from "./receipts-chart";

/**
 * What customers paid per day over the last 30 of the person's days, per coin, and what refunds
 * sent back, from the books (live: the ledger's quarter-hour sums). A refund counts on the day it
 * was paid out, whichever day the payment it returns came in.
 */
export function ReceiptsPerDay({ display, coins }: { display: DisplayFormatter; coins: CoinReceipts[] }) {
  return (
    <section
      className="grid min-w-0 gap-4 rounded-lg border border-slate-200 bg-white p-6"
      aria-labelledby="receipts-heading"
      data-testid="receipts-per-day"
    >
      <div>
        <h2 id="receipts-heading" className="font-semibold">
          Received per day, last 30 days
        </h2>
        <p className="text-xs text-slate-500">
          What customers paid, in each coin, on your days ({display.prefs.timeZone} time), and below the line
          what refunds sent back that day; net is received less refunded. From the books, live.
        </p>
      </div>
      {coins.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing received or refunded in the last 30 days.</p>
      ) : (
        coins.map((coin) => (
          <ReceiptsChart
            key={`${coin.currency} ${coin.network}`}
            coin={coin}
            money={(amount) => display.crypto(amount, coin.currency)}
          />
        ))
      )}
    </section>
  );
}
