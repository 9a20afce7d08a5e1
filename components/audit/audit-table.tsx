import type { AuditRow } from "@/lib/audit/list-entries";
import { entryChanges } from "@/lib/audit-reading/entry-changes";
import { describeAuditEntry } from "@/lib/audit-reading/sentence";
import type { AuditReader } from "@/lib/audit-reading/sentence-parts";
import { describeUserAgent } from "@/lib/auth/user-agent";
import { AuditDetails } from "./audit-details";
import { AuditSentenceText } from "./audit-sentence";

/**
 * The log as sentences: a table on a desktop (when, what happened, browser), a stack of cards on a
 * phone (what happened, then when and the browser). Each entry opens to its details.
 */
export function AuditTable({
  rows,
  reader,
  filtered,
}: {
  rows: AuditRow[];
  reader: AuditReader;
  filtered: boolean;
}) {
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-slate-200 bg-white px-3 py-10 text-center text-sm text-slate-600">
        {filtered
          ? "No entries match these filters. Clear them to see every entry."
          : "Nothing recorded yet."}
      </p>
    );
  }
  return (
    <div className="md:overflow-x-auto md:rounded-lg md:border md:border-slate-200 md:bg-white">
      <table className="w-full text-sm max-md:block">
        <caption className="sr-only">Audit log, newest first</caption>
        <thead className="border-b border-slate-200 bg-slate-50 max-md:hidden">
          <tr>
            <th scope="col" className="h-10 px-3 text-left font-medium text-slate-600">
              When
            </th>
            <th scope="col" className="h-10 px-3 text-left font-medium text-slate-600">
              What happened
            </th>
            <th scope="col" className="h-10 px-3 text-left font-medium text-slate-600">
              Browser
            </th>
          </tr>
        </thead>
        <tbody className="max-md:grid max-md:gap-2 md:[&_tr:last-child]:border-0">
          {rows.map((row) => (
            <AuditEntryRow key={row.id} row={row} reader={reader} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditEntryRow({ row, reader }: { row: AuditRow; reader: AuditReader }) {
  const sentence = describeAuditEntry(row, reader);
  const when = reader.dateTime(row.createdAt);
  const browser = row.userAgent ? describeUserAgent(row.userAgent) : null;
  return (
    <tr
      data-testid="audit-row"
      data-action={row.action}
      className="border-b border-slate-100 align-top max-md:block max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-3"
    >
      <td className="px-3 py-2 whitespace-nowrap text-slate-600 max-md:hidden">
        <time dateTime={row.createdAt}>{when}</time>
      </td>
      <td className="px-3 py-2 max-md:block max-md:p-0">
        <p data-testid="audit-sentence" className="[overflow-wrap:anywhere] text-slate-900">
          <AuditSentenceText parts={sentence.parts} />
        </p>
        <p className="text-xs text-slate-600 md:hidden">
          <time dateTime={row.createdAt}>{when}</time>
          {browser ? ` · ${browser}` : null}
        </p>
        {sentence.note ? (
          <p className="mt-0.5 text-xs [overflow-wrap:anywhere] text-slate-600">{sentence.note}</p>
        ) : null}
        <AuditDetails entry={row} changes={entryChanges(row, reader)} />
      </td>
      <td className="px-3 py-2 text-xs whitespace-nowrap text-slate-600 max-md:hidden">{browser ?? "—"}</td>
    </tr>
  );
}
