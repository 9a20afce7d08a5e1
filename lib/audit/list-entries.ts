import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { auditLog, invoices, pendingChanges, users, withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { cursorKeySql, keysetPage, type KeysetPage } from "@/lib/db/keyset";
import type { AuditEntryView } from "./entry-view";
import { AUDIT_PAGE_SIZE, type AuditListParams } from "./list-filter";
import { auditWhere } from "./list-query";

export type AuditRow = AuditEntryView & { cursorKey: string };

const UUID = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

/**
 * Text that names a row, as its uuid, or null when it cannot be one ("payments", a hand-made id):
 * the object id column is text, and a failed cast would fail the whole page.
 */
const asUuid = (text: SQL) => sql`(case when ${text} ~* ${UUID} then (${text})::uuid end)`;

const actor = alias(users, "audit_actor");
const objectUser = alias(users, "audit_object_user");
const relatedInvoice = alias(invoices, "audit_related_invoice");

const objectIs = (type: string, id: AnyPgColumn) =>
  and(eq(auditLog.objectType, type), eq(id, asUuid(sql`${auditLog.objectId}`)));

/**
 * One page of entries, newest first, by keyset on (created_at, id), with what each names looked up
 * in the same query: the actor's name, and the person, invoice, withdrawal or pending change it is
 * about. Every lookup is a left join on a primary key, so an entry whose object is gone still shows.
 */
export function listAuditEntries(
  db: DbOrTx,
  params: AuditListParams,
  limit = AUDIT_PAGE_SIZE,
): Promise<KeysetPage<AuditRow>> {
  const columns = { createdAt: auditLog.createdAt, id: auditLog.id };
  return keysetPage(
    { limit, cursor: params.cursor, dir: params.dir },
    columns,
    async (keyset, order, max) => {
      const rows = await db
        .select({
          id: auditLog.id,
          createdAt: auditLog.createdAt,
          cursorKey: cursorKeySql(auditLog.createdAt),
          actorKind: auditLog.actorKind,
          actorId: auditLog.actorId,
          actorEmail: auditLog.actorEmail,
          actorName: actor.name,
          clientAddress: auditLog.clientAddress,
          userAgent: auditLog.userAgent,
          action: auditLog.action,
          objectType: auditLog.objectType,
          objectId: auditLog.objectId,
          before: auditLog.before,
          after: auditLog.after,
          note: auditLog.note,
          objectUser: { name: objectUser.name, email: objectUser.email },
          invoice: {
            orderId: invoices.orderId,
            amount: invoices.amount,
            fiatCurrency: invoices.fiatCurrency,
            currency: invoices.currency,
          },
          withdrawal: {
            orderId: withdrawals.orderId,
            amount: withdrawals.amount,
            currency: withdrawals.currency,
            fiatAmount: withdrawals.fiatAmount,
            fiatCurrency: withdrawals.fiatCurrency,
            address: withdrawals.address,
            refundOfInvoiceId: withdrawals.refundOfInvoiceId,
          },
          relatedInvoice: { id: relatedInvoice.id, orderId: relatedInvoice.orderId },
          change: { kind: pendingChanges.kind, payload: pendingChanges.payload },
        })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorId))
        .leftJoin(objectUser, objectIs("user", objectUser.id))
        .leftJoin(invoices, objectIs("invoice", invoices.id))
        .leftJoin(withdrawals, objectIs("withdrawal", withdrawals.id))
        .leftJoin(
          relatedInvoice,
          eq(
            relatedInvoice.id,
            sql`coalesce(${withdrawals.refundOfInvoiceId}, ${asUuid(sql`${auditLog.after} ->> 'duplicateOf'`)})`,
          ),
        )
        .leftJoin(
          pendingChanges,
          eq(
            pendingChanges.id,
            // A proposal names its change by id; a decision writes down the change's facts, id among them.
            asUuid(sql`coalesce(${auditLog.after} -> 'change' ->> 'id', ${auditLog.after} ->> 'change')`),
          ),
        )
        .where(auditWhere(params, keyset))
        .orderBy(...order)
        .limit(max);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  );
}
