import Link from "next/link";
import type { AuditObjectType } from "@/lib/audit/actions";

/** "Audit trail": the audit page filtered to one object's entries. */
export function AuditLink({ objectType, objectId }: { objectType: AuditObjectType; objectId: string }) {
  const query = new URLSearchParams({ objectType, objectId });
  return (
    <Link href={`/audit?${query.toString()}`} className="text-sm text-blue-700 underline">
      Audit trail
    </Link>
  );
}
