import Link from "next/link";
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import type { AuditRow } from "@/lib/audit/list-entries";
import { formatDateTime } from "@/lib/format";

const ACTOR_KIND: Record<AuditRow["actorKind"], string> = {
  user: "unknown person",
  system: "Paydesk itself (background loop, start-up)",
  webhook: "payment service webhook",
  cli: "command line",
};

/** Where an object lives in Paydesk, when it has a page. */
function objectHref(type: string | null, id: string | null): string | null {
  if (!id) return null;
  if (type === "invoice") return `/invoices/${id}`;
  if (type === "withdrawal") return `/withdrawals/${id}`;
  return null;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export function AuditTable({ rows, filtered }: { rows: AuditRow[]; filtered: boolean }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>When (UTC)</TableHead>
          <TableHead>Who</TableHead>
          <TableHead>From</TableHead>
          <TableHead>Action</TableHead>
          <TableHead>Object</TableHead>
          <TableHead>Change</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableEmpty colSpan={6}>
            {filtered
              ? "No entries match these filters. Clear them to see every entry."
              : "Nothing recorded yet."}
          </TableEmpty>
        ) : (
          rows.map((row) => <AuditRowView key={row.id} row={row} />)
        )}
      </TableBody>
    </Table>
  );
}

function AuditRowView({ row }: { row: AuditRow }) {
  const href = objectHref(row.objectType, row.objectId);
  const before = json(row.before);
  const after = json(row.after);
  return (
    <TableRow data-testid="audit-row">
      <TableCell label="When" className="sm:whitespace-nowrap">
        {formatDateTime(row.createdAt)}
      </TableCell>
      <TableCell label="Who" className="break-all">
        {row.actorEmail ?? ACTOR_KIND[row.actorKind]}
        {row.actorKind === "cli" && row.actorEmail ? (
          <span className="text-slate-500"> (command line)</span>
        ) : null}
      </TableCell>
      <TableCell label="From" className="text-xs break-all text-slate-600 sm:max-w-48">
        <div>{row.clientAddress ?? "—"}</div>
        {row.userAgent ? (
          <div className="break-all sm:truncate" title={row.userAgent}>
            {row.userAgent}
          </div>
        ) : null}
      </TableCell>
      <TableCell label="Action" className="font-mono text-xs">
        <span data-testid="audit-action">{row.action}</span>
      </TableCell>
      <TableCell label="Object" className="text-xs break-all">
        {row.objectType ? (
          <>
            {row.objectType}{" "}
            {href ? (
              <Link href={href} className="font-mono underline underline-offset-2">
                {row.objectId}
              </Link>
            ) : (
              <span className="font-mono">{row.objectId}</span>
            )}
          </>
        ) : (
          "—"
        )}
      </TableCell>
      <TableCell label="Change" className="text-xs sm:max-w-md">
        {before ? <div className="break-all text-slate-600">before: {before}</div> : null}
        {after ? <div className="break-all">after: {after}</div> : null}
        {row.note ? <div className="text-slate-700">{row.note}</div> : null}
      </TableCell>
    </TableRow>
  );
}
