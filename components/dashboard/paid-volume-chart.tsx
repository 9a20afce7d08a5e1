"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface VolumePoint {
  day: string;
  /** For the bar's height only; the exact amount is `label`. */
  height: number;
  label: string;
}

export function PaidVolumeChart({ currency, points }: { currency: string; points: VolumePoint[] }) {
  return (
    <figure className="grid gap-2" aria-label={`Paid volume per day in ${currency}`}>
      <figcaption className="text-sm font-medium">{currency}</figcaption>
      <div className="h-48 w-full">
        <ResponsiveContainer>
          <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} fontSize={11} interval={4} />
            <YAxis fontSize={11} width={56} />
            <Tooltip
              formatter={(_value, _name, item) => [
                `${(item.payload as VolumePoint).label} ${currency}`,
                "Paid",
              ]}
            />
            <Bar dataKey="height" fill="#0f172a" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
