export interface VolumePoint {
  day: string;
  /** For the bar's height only; the exact amount is `label`. */
  height: number;
  label: string;
}

const WIDTH = 600;
const HEIGHT = 160;

/**
 * Paid volume per day as bars, drawn on the server as SVG: no chart library reaches the browser
 * (it weighed more than the rest of the home page). Each bar has its exact amount as a tooltip,
 * and the same figures are in a table for screen readers.
 */
export function PaidVolumeChart({
  currency,
  points,
  money,
}: {
  currency: string;
  points: VolumePoint[];
  /** The amount as money in the person's number format, with its unit ("1,234.50 EUR"). */
  money: (amount: string) => string;
}) {
  const max = Math.max(...points.map((point) => point.height), 0);
  const slot = WIDTH / Math.max(points.length, 1);
  const peak = points.find((point) => point.height === max);
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm font-medium">
        {currency}
        {peak && max > 0 ? (
          <span className="font-normal text-slate-600">
            {" "}
            · highest day {peak.day}: {money(peak.label)}
          </span>
        ) : null}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-label={`Paid volume per day in ${currency}, last ${points.length} days`}
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} stroke="#cbd5e1" />
        {points.map((point, index) => {
          const height = max > 0 ? (point.height / max) * (HEIGHT - 8) : 0;
          return (
            <g key={point.day}>
              <rect
                x={index * slot + slot * 0.15}
                y={HEIGHT - height}
                width={slot * 0.7}
                height={height}
                rx={2}
                fill="#0f172a"
              >
                <title>{`${point.day}: ${money(point.label)}`}</title>
              </rect>
              {index % 5 === 0 ? (
                <text
                  x={index * slot + slot / 2}
                  y={HEIGHT + 13}
                  fontSize={11}
                  textAnchor="middle"
                  fill="#475569"
                >
                  {point.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
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
      <table className="sr-only">
        <caption>Paid per day in {currency}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Paid</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.day}>
              <td>{point.day}</td>
              <td>{money(point.label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
