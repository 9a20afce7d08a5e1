import { Money } from "@/lib/ledger/money";
import type { CoinReceipts } from "@/lib/books/receipt-series";

const WIDTH = 600;
const HEIGHT = 160;
/** Room left above the tallest bar and below the deepest one. */
const MARGIN = 4;

/**
 * One coin's days as bars, drawn on the server as SVG: no chart library reaches the browser (it
 * weighed more than the rest of the home page). What arrived rises from the line, what refunds
 * sent back hangs below it, on one scale, so a day's net is the difference. Each day has its exact
 * figures as a tooltip, and the same figures are in a table for screen readers.
 */
export function ReceiptsChart({
  coin,
  money,
}: {
  coin: CoinReceipts;
  /** The amount as money in the person's number format, with its unit ("1,234.50 USDT"). */
  money: (amount: string) => string;
}) {
  const { points, totals } = coin;
  const name = `${coin.currency} on ${coin.network}`;
  const height = (amount: string) => Math.max(new Money(amount).toNumber(), 0);
  const up = Math.max(...points.map((point) => height(point.received)), 0);
  const down = Math.max(...points.map((point) => height(point.refunded)), 0);
  const scale = up + down > 0 ? (HEIGHT - 2 * MARGIN) / (up + down) : 0;
  const axis = MARGIN + up * scale;
  const slot = WIDTH / Math.max(points.length, 1);
  const peak = points.find((point) => up > 0 && height(point.received) === up);
  return (
    <figure className="grid min-w-0 gap-2" data-testid={`receipts-${coin.currency}-${coin.network}`}>
      <figcaption className="grid gap-0.5 text-sm">
        <span className="font-medium">{name}</span>
        <span className="text-slate-600" data-testid="receipts-totals">
          {points.length} days: received {money(totals.received)}, refunded {money(totals.refunded)}, net{" "}
          {money(totals.net)}
          {peak ? `; highest day ${peak.day}: ${money(peak.received)}` : ""}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-label={`Received and refunded per day in ${name}, last ${points.length} days`}
      >
        {points.map((point, index) => {
          const x = index * slot + slot * 0.15;
          const received = height(point.received) * scale;
          const refunded = height(point.refunded) * scale;
          return (
            <g key={point.day}>
              <title>{`${point.day}: received ${money(point.received)}, refunded ${money(point.refunded)}, net ${money(point.net)}`}</title>
              <rect x={x} y={axis - received} width={slot * 0.7} height={received} rx={2} fill="#0f172a" />
              {refunded > 0 ? (
                <rect x={x} y={axis} width={slot * 0.7} height={refunded} rx={2} fill="#e11d48" />
              ) : null}
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={axis} y2={axis} stroke="#cbd5e1" />
      </svg>
      {/* Day labels in HTML, not in the stretched drawing, so they keep their size at any width. */}
      <div
        className="grid text-xs text-slate-600"
        style={{ gridTemplateColumns: `repeat(${points.length}, minmax(0, 1fr))` }}
        aria-hidden="true"
      >
        {points.map((point, index) => (
          <span key={point.day} className="overflow-visible whitespace-nowrap">
            {index % 5 === 0 ? point.day.slice(5) : ""}
          </span>
        ))}
      </div>
      {/* A table sizes to its content whatever its width: the clipping box is a div. */}
      <div className="sr-only">
        <table>
          <caption>Received and refunded per day in {name}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Received</th>
              <th scope="col">Refunded</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.day}>
                <td>{point.day}</td>
                <td>{money(point.received)}</td>
                <td>{money(point.refunded)}</td>
                <td>{money(point.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
