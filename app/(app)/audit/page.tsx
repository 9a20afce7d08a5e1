import type { Metadata } from "next";
import { AuditFilterBar } from "@/components/audit/audit-filter-bar";
import { AuditTable } from "@/components/audit/audit-table";
import { KeysetPager } from "@/components/lists/keyset-pager";
import { Button } from "@/components/ui/button";
import { auditFilterQuery, parseAuditParams } from "@/lib/audit/list-filter";
import { listAuditEntries } from "@/lib/audit/list-entries";
import type { AuditReader } from "@/lib/audit-reading/sentence-parts";
import { requirePermission } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { currentDisplay } from "@/lib/display/current-display";

export const metadata: Metadata = { title: "Audit log" };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePermission("audit:view");
  const display = await currentDisplay();
  const { cursor, dir, ...filter } = parseAuditParams(await searchParams);
  const page = await listAuditEntries(await getDb(), {
    ...filter,
    timeZone: display.prefs.timeZone,
    cursor,
    dir,
  });
  const reader: AuditReader = {
    money: display.money,
    dateTime: display.dateTime,
    mayManageUsers: can(user.role, "users:manage"),
    mayViewChanges: can(user.role, "changes:view"),
  };
  const filterQuery = auditFilterQuery(filter).toString();
  const queryFor = (position?: { cursor: string; dir?: "prev" }) => {
    const query = auditFilterQuery(filter);
    if (position) query.set("cursor", position.cursor);
    if (position?.dir) query.set("dir", position.dir);
    return query.toString();
  };
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1 basis-80">
          <h1 className="text-2xl font-semibold">Audit log</h1>
          <p className="text-sm text-slate-600">
            Who did what, when and from where, newest first
            {filter.signIns || filter.action ? "" : " (sign-ins hidden: show them with the Sign-ins filter)"}.
            Nobody can change or delete an entry: the database refuses it.
          </p>
        </div>
        <Button variant="secondary" asChild>
          <a href={`/api/audit/export${filterQuery ? `?${filterQuery}` : ""}`} download>
            Export CSV
          </a>
        </Button>
      </div>
      <AuditFilterBar filter={filter} />
      <AuditTable rows={page.rows} reader={reader} filtered={filterQuery !== ""} />
      <KeysetPager
        basePath="/audit"
        queryFor={queryFor}
        prevCursor={page.prevCursor}
        nextCursor={page.nextCursor}
      />
    </div>
  );
}
