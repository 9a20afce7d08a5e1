/** Short relative times for the invoice list: "in 12 min", "expired 3 h ago". */
export function formatExpiry(expiresAt: Date | null, now: Date): string {
  if (!expiresAt) return "—";
  const diffMs = expiresAt.getTime() - now.getTime();
  const span = shortSpan(Math.abs(diffMs));
  return diffMs > 0 ? `in ${span}` : `expired ${span} ago`;
}

function shortSpan(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "< 1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}
