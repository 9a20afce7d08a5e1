"use client";

import { useEffect, useState } from "react";
import { formatCountdown, formatDateTime } from "@/lib/format";

export function ExpiryCountdown({ expiresAt, isFinal }: { expiresAt: string; isFinal: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (isFinal) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isFinal]);
  const left = new Date(expiresAt).getTime() - now;
  return (
    <span data-testid="expiry">
      {formatDateTime(expiresAt)}
      {!isFinal ? (
        <span className={left > 0 ? "ml-2 text-slate-500" : "ml-2 text-red-600"}>
          {left > 0 ? `(in ${formatCountdown(left)})` : "(expired)"}
        </span>
      ) : null}
    </span>
  );
}
