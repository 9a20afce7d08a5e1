import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { mailPreferences } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { isUnsubscribeScope, type UnsubscribeScope } from "./categories";
import { isUnsubscribeToken } from "./unsubscribe-token";

const linkSchema = z.object({
  u: z.uuid(),
  c: z.string().max(40).refine(isUnsubscribeScope),
  t: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** The person and category an unsubscribe link names, if its token is genuine; null otherwise. */
export function readUnsubscribeLink(
  secret: string,
  params: URLSearchParams,
): { userId: string; category: UnsubscribeScope } | null {
  const parsed = linkSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return null;
  const { u, c, t } = parsed.data;
  if (!isUnsubscribeScope(c) || !isUnsubscribeToken(secret, u, c, t)) return null;
  return { userId: u, category: c };
}

/**
 * That category comes no more by email, or, for the digest, every category it gathered (they
 * stay in Paydesk's notifications). Idempotent.
 */
export async function unsubscribe(db: DbOrTx, userId: string, scope: UnsubscribeScope): Promise<void> {
  await db
    .delete(mailPreferences)
    .where(
      and(
        eq(mailPreferences.userId, userId),
        scope === "digest" ? eq(mailPreferences.mode, "digest") : eq(mailPreferences.category, scope),
      ),
    );
}
