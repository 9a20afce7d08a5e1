"use client";

import { useEffect, useState } from "react";
import { useDisplay } from "@/components/display/display-provider";
import { formatCountdown } from "@/lib/display/time";

/** When an invoice that can still be paid expires, in the person's zone, counting down. */
export function ExpiryCountdown({ expiresAt }: { expiresAt: string }) {
  const display = useDisplay();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = new Date(expiresAt).getTime() - now;
  return (
    <span data-testid="expiry">
      {display.dateTime(expiresAt)}
      <span className={left > 0 ? "ml-2 text-slate-500" : "ml-2 text-red-600"} suppressHydrationWarning>
        {left > 0 ? `(in ${formatCountdown(left)})` : "(expired)"}
      </span>
    </span>
  );
}
