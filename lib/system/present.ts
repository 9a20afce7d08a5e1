/** "3 d 4 h", "2 h 05 min", "42 s": how long this process has run. */
export function formatUptime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  if (minutes > 0) return `${minutes} min ${total % 60} s`;
  return `${total} s`;
}

/** A loop's interval: "5 s", "10 min". */
export function formatInterval(seconds: number): string {
  return seconds >= 60 && seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

/** A count that stopped at its cap reads "1000+". */
export function formatCount(count: number, cap: number): string {
  return count >= cap ? `${cap}+` : String(count);
}
