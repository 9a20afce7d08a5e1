import { daysBefore, startOfDayIn } from "@/lib/display/day-start";
import { dayIn, formatDate } from "@/lib/display/time";

/**
 * Information that comes in numbers is one line per kind and per day of its reader: "12
 * invoices expired today", leading to the invoice list filtered to them, instead of twelve.
 */
const GROUPED: Record<string, { says: (count: number, when: string) => string; status: string }> = {
  "invoice.expired": { says: (count, when) => `${count} invoices expired ${when}`, status: "expired" },
  "invoice.paid": { says: (count, when) => `${count} invoices were paid ${when}`, status: "paid" },
};

/** One notification that informs (no task), as the inbox reads it. */
export interface InfoRow {
  id: string;
  kind: string;
  message: string;
  href: string;
  createdAt: Date;
  read: boolean;
  /** When the object it is about was created (an invoice's creation day is what the list filters on). */
  objectCreatedAt: Date | null;
}

export interface InfoItem {
  /** A notification's id, or a group's key: its kind and the reader's day ("invoice.expired@2026-11-28"). */
  id: string;
  kind: string;
  message: string;
  href: string;
  /** The newest of a group. */
  createdAt: string;
  /** Read when every one of a group is. */
  read: boolean;
  /** Several of a kind on one day: how many, and the day (to mark them read together). */
  group: { count: number; day: string } | null;
}

/** The key a notification is counted and shown under: its group's, or its own id. */
export function groupKeyOf(row: { id: string; kind: string; createdAt: Date }, timeZone: string): string {
  return row.kind in GROUPED ? `${row.kind}@${dayIn(row.createdAt, timeZone)}` : row.id;
}

/** Newest first, as the rows came: a group stands where its newest member stood. */
export function groupInformation(rows: readonly InfoRow[], timeZone: string, now: Date): InfoItem[] {
  const groups = new Map<string, InfoRow[]>();
  for (const row of rows) {
    const key = groupKeyOf(row, timeZone);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.entries()].map(([key, members]) => {
    const [newest] = members;
    if (!newest) throw new Error("a group has a member");
    const grouped = GROUPED[newest.kind];
    if (!grouped || members.length === 1) return single(newest);
    const day = dayIn(newest.createdAt, timeZone);
    return {
      id: key,
      kind: newest.kind,
      message: grouped.says(members.length, dayInWords(day, timeZone, now)),
      href: listHref(grouped.status, members, day, timeZone),
      createdAt: newest.createdAt.toISOString(),
      read: members.every((member) => member.read),
      group: { count: members.length, day },
    };
  });
}

function single(row: InfoRow): InfoItem {
  const { id, kind, message, href, read } = row;
  return { id, kind, message, href, read, createdAt: row.createdAt.toISOString(), group: null };
}

/** "today", "yesterday", "on 26 Nov 2026": the reader's days. */
function dayInWords(day: string, timeZone: string, now: Date): string {
  const today = dayIn(now, timeZone);
  if (day === today) return "today";
  if (day === daysBefore(today, 1)) return "yesterday";
  return `on ${formatDate(startOfDayIn(day, timeZone), timeZone)}`;
}

/**
 * The invoice list with the parameters it takes: the status, the reader's own invoices (only an
 * invoice's creator is told), created from the first of them to that day, in the reader's zone.
 */
function listHref(status: string, members: readonly InfoRow[], day: string, timeZone: string): string {
  const created = members.map((member) =>
    member.objectCreatedAt ? dayIn(member.objectCreatedAt, timeZone) : day,
  );
  const dateFrom = created.reduce((first, next) => (next < first ? next : first), day);
  return `/invoices?${new URLSearchParams({ status, mine: "1", dateFrom, dateTo: day }).toString()}`;
}
