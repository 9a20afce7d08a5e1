/**
 * The list's Expires column, short: "in 12 min", "expired 3 h ago". Only an invoice that can still
 * be paid counts down; one that expired says when; any other final invoice (paid, overpaid …)
 * has nothing to expire any more.
 */
export function formatExpiry(
  invoice: { expiresAt: Date | null; isFinal: boolean; status: string },
  now: Date,
): string {
  const { expiresAt } = invoice;
  if (!expiresAt) return "—";
  const diffMs = expiresAt.getTime() - now.getTime();
  if (invoice.isFinal && invoice.status !== "expired") return "—";
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
