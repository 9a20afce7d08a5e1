import { and, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import { auditLog } from "@/lib/db/schema";
import { SIGN_IN_ACTIONS } from "./action-labels";
import type { AuditFilter } from "./list-filter";

/** The filter's conditions, shared by the page and the CSV export. */
export function auditWhere(filter: AuditFilter, keyset?: SQL): SQL | undefined {
  const conditions: (SQL | undefined)[] = [keyset];
  if (filter.person) conditions.push(sql`lower(${auditLog.actorEmail}) = ${filter.person.toLowerCase()}`);
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  else if (filter.signIns === "only") conditions.push(inArray(auditLog.action, [...SIGN_IN_ACTIONS]));
  else if (filter.signIns !== "show") conditions.push(notInArray(auditLog.action, [...SIGN_IN_ACTIONS]));
  if (filter.objectType) conditions.push(eq(auditLog.objectType, filter.objectType));
  if (filter.objectId) conditions.push(eq(auditLog.objectId, filter.objectId));
  // The reader's days, as the list shows its times: from the start of one to the end of the other,
  // as that zone's clocks read them (Postgres knows each zone's offsets and clock changes).
  const zone = filter.timeZone ?? "UTC";
  if (filter.dateFrom)
    conditions.push(sql`${auditLog.createdAt} >= ${filter.dateFrom}::date::timestamp at time zone ${zone}`);
  if (filter.dateTo)
    conditions.push(
      sql`${auditLog.createdAt} < (${filter.dateTo}::date + 1)::timestamp at time zone ${zone}`,
    );
  return and(...conditions);
}
