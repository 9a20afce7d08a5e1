import "server-only";
import { and, eq, gte, inArray, or, sql } from "drizzle-orm";
import { auditLog, type AuditLogEntry } from "@/lib/db/schema";
import type { ChangeKind } from "@/lib/db/schema/enums";
import type { DbOrTx } from "@/lib/db/types";
import { CREDENTIAL_ACTIONS } from "./credential-actions";

/**
 * What happened to a person's sign-in since a moment, from the audit log: their credentials
 * changed (CREDENTIAL_ACTIONS; an approved password or two-factor reset; a new link made when they
 * were enabled), and sign-ins from a browser new to the account. Read with the log's index on the
 * object and its time (audit_log_object_idx): one account, one range.
 */

/** Approved pending changes that reset a credential: their entry is change.approved. */
const CREDENTIAL_CHANGE_KINDS = [
  "reset_password",
  "reset_two_factor",
] as const satisfies readonly ChangeKind[];

export type AccountEventKind = "credential" | "new_browser_sign_in";

export type AccountEvent = Pick<
  AuditLogEntry,
  | "id"
  | "createdAt"
  | "objectId"
  | "action"
  | "actorKind"
  | "actorId"
  | "actorEmail"
  | "clientAddress"
  | "userAgent"
  | "before"
  | "after"
  | "note"
> & { kind: AccountEventKind };

function accountEventSql() {
  return or(
    inArray(auditLog.action, [...CREDENTIAL_ACTIONS]),
    and(eq(auditLog.action, "auth.signed_in"), sql`${auditLog.after} ->> 'newBrowser' = 'true'`),
    and(
      eq(auditLog.action, "change.approved"),
      sql`${auditLog.after} -> 'change' ->> 'kind' in (${sql.join(
        CREDENTIAL_CHANGE_KINDS.map((kind) => sql`${kind}`),
        sql`, `,
      )})`,
    ),
    // Enabling someone who still needed a link made them a new one (lib/users/enable-user.ts).
    and(
      inArray(auditLog.action, ["user.enabled", "change.approved"]),
      sql`${auditLog.after} ->> 'newLink' is not null`,
    ),
  );
}

/** The query, newest first, in the order of audit_log_object_idx (the plan test reads it). */
export function accountHistoryQuery(
  db: DbOrTx,
  userId: string,
  since: Date,
  options: { onlyCredentials?: boolean } = {},
) {
  return (
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        objectId: auditLog.objectId,
        action: auditLog.action,
        actorKind: auditLog.actorKind,
        actorId: auditLog.actorId,
        actorEmail: auditLog.actorEmail,
        clientAddress: auditLog.clientAddress,
        userAgent: auditLog.userAgent,
        before: auditLog.before,
        after: auditLog.after,
        note: auditLog.note,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.objectType, "user"),
          eq(auditLog.objectId, userId),
          gte(auditLog.createdAt, since),
          options.onlyCredentials
            ? and(accountEventSql(), sql`${auditLog.action} <> 'auth.signed_in'`)
            : accountEventSql(),
        ),
      )
      // As the index orders them (nulls last), so the newest come off it with no sort.
      .orderBy(sql`${auditLog.createdAt} desc nulls last`, sql`${auditLog.id} desc nulls last`)
  );
}

/**
 * The account's events from `since` on, newest first: at most `limit` (and whether there were
 * more), or all of them with `limit: null`. `onlyCredentials` leaves out the sign-ins.
 */
export async function readAccountHistory(
  db: DbOrTx,
  userId: string,
  since: Date,
  options: { limit: number | null; onlyCredentials?: boolean },
): Promise<{ events: AccountEvent[]; more: boolean }> {
  const { limit } = options;
  const query = accountHistoryQuery(db, userId, since, options);
  const rows = limit === null ? await query : await query.limit(limit + 1);
  const events = rows.slice(0, limit ?? rows.length).map((row) => ({
    ...row,
    kind: row.action === "auth.signed_in" ? ("new_browser_sign_in" as const) : ("credential" as const),
  }));
  return { events, more: limit !== null && rows.length > limit };
}
