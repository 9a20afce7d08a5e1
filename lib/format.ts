import { format, formatDistanceStrict } from "date-fns";

/** "22 Nov 2026, 14:05" in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  return format(new Date(iso), "d MMM yyyy, HH:mm");
}

/** "in 12 minutes" / "3 hours ago" relative to now. */
export function formatRelative(iso: string, now = new Date()): string {
  return formatDistanceStrict(new Date(iso), now, { addSuffix: true });
}

/** A countdown such as "1:02:03" or "4:05"; "0:00" once passed. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}
