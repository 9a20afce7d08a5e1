import type { ReactNode } from "react";
import { auditActionLabel, AUDIT_OBJECT_TYPE_LABELS } from "@/lib/audit/action-labels";
import type { AuditEntryView } from "@/lib/audit/entry-view";
import type { ChangeLine } from "@/lib/audit-reading/entry-changes";
import { AuditSentenceText } from "./audit-sentence";

/**
 * An entry opened: what changed, before → after, in words; then the record as written, for those
 * who need it: the note, the actor's email, the action's code, the object's id, the whole browser
 * and the address.
 */
export function AuditDetails({ entry, changes }: { entry: AuditEntryView; changes: ChangeLine[] }) {
  const objectLabel =
    (entry.objectType && (AUDIT_OBJECT_TYPE_LABELS as Record<string, string>)[entry.objectType]) ??
    entry.objectType;
  return (
    <details className="mt-1 text-xs">
      <summary className="w-fit cursor-pointer rounded py-1 text-blue-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-slate-600 focus-visible:outline-none">
        Details
      </summary>
      <div className="mt-2 grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-700">
        {changes.length > 0 ? (
          <ul className="grid gap-1" aria-label="What changed">
            {changes.map((line) => (
              <li key={line.field} data-testid="audit-change" className="[overflow-wrap:anywhere]">
                <span className="font-medium text-slate-900">{line.field}:</span>{" "}
                {line.before !== null ? (
                  <>
                    <AuditSentenceText parts={[line.before]} />
                    {" → "}
                  </>
                ) : null}
                <AuditSentenceText parts={line.after === null ? [] : [line.after]} />
              </li>
            ))}
          </ul>
        ) : null}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          {entry.note ? <Fact term="Note">{entry.note}</Fact> : null}
          {entry.actorEmail ? <Fact term="Email">{entry.actorEmail}</Fact> : null}
          <Fact term="Recorded as">
            {auditActionLabel(entry.action) ?? "Unknown"} <code className="font-mono">{entry.action}</code>
          </Fact>
          {entry.objectType ? (
            <Fact term="Object">
              {objectLabel} <code className="font-mono">{entry.objectId}</code>
            </Fact>
          ) : null}
          <Fact term="Browser">{entry.userAgent ?? "—"}</Fact>
          <Fact term="Address">{entry.clientAddress ?? "—"}</Fact>
        </dl>
      </div>
    </details>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-900">{term}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}
