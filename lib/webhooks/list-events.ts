import { and, desc, eq, getTableColumns, like, or, sql, type SQL } from "drizzle-orm";
import { invoices, webhookEvents, type WebhookEvent } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { BODY_PREVIEW_CHARS } from "./limits";
import { encodeCursor, type WebhookListFilter } from "./list-filter";

/** An event as the list shows it: the body's first characters only, never the whole body. */
export type WebhookEventRow = Omit<WebhookEvent, "rawBody"> & {
  bodyPreview: string;
  /** True when the preview is not the whole body (cut for the page, or stored truncated). */
  bodyPartial: boolean;
  invoiceId: string | null;
};

export interface WebhookEventPage {
  rows: WebhookEventRow[];
  /** Cursor for the next (older) page, or null when this is the last one. */
  nextCursor: string | null;
}

/** Newest first, by keyset on (received_at, id); an order_id filter matches by prefix. */
export async function listWebhookEvents(db: DbOrTx, filter: WebhookListFilter): Promise<WebhookEventPage> {
  const conditions: SQL[] = [];
  if (filter.outcome) conditions.push(eq(webhookEvents.outcome, filter.outcome));
  if (filter.verified !== undefined) conditions.push(eq(webhookEvents.verified, filter.verified));
  if (filter.orderId) conditions.push(like(webhookEvents.orderId, `${escapeLike(filter.orderId)}%`));
  if (filter.before) {
    const time = sql`${filter.before.receivedAt}::timestamptz`;
    const older = or(
      sql`${webhookEvents.receivedAt} < ${time}`,
      and(sql`${webhookEvents.receivedAt} = ${time}`, sql`${webhookEvents.id} < ${filter.before.id}::uuid`),
    );
    if (older) conditions.push(older);
  }
  const { rawBody, ...columns } = getTableColumns(webhookEvents);
  const found = await db
    .select({
      ...columns,
      bodyPreview: sql<string>`left(${rawBody}, ${BODY_PREVIEW_CHARS})`,
      bodyPartial: sql<boolean>`(length(${rawBody}) > ${BODY_PREVIEW_CHARS} or octet_length(${rawBody}) < ${webhookEvents.bodySize})`,
      invoiceId: invoices.id,
      receivedAtText: sql<string>`${webhookEvents.receivedAt}::text`,
    })
    .from(webhookEvents)
    .leftJoin(
      invoices,
      and(eq(invoices.orderId, webhookEvents.orderId), eq(webhookEvents.resourceType, "invoice")),
    )
    .where(and(...conditions))
    .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id))
    .limit(filter.limit + 1);
  const page = found.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    rows: page.map(({ receivedAtText: _text, ...row }) => row),
    nextCursor: found.length > filter.limit && last ? encodeCursor(last.receivedAtText, last.id) : null,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
