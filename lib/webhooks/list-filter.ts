import { z } from "zod";
import { safeText } from "@/lib/validation/text";

export const WEBHOOK_OUTCOMES = [
  "pending",
  "refreshed",
  "unchanged",
  "conflict",
  "unknown_order",
  "failed",
  "unverified",
] as const;
export const WEBHOOKS_PAGE_SIZE = 50;

export interface WebhookCursor {
  /** received_at as the database prints it, microseconds included. */
  receivedAt: string;
  id: string;
}

export interface WebhookListFilter {
  outcome?: (typeof WEBHOOK_OUTCOMES)[number];
  verified?: boolean;
  orderId?: string;
  before?: WebhookCursor;
  limit: number;
}

const single = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const searchParamsSchema = z.object({
  outcome: z.preprocess(single, z.enum(WEBHOOK_OUTCOMES).optional().catch(undefined)),
  verified: z.preprocess(single, z.enum(["yes", "no"]).optional().catch(undefined)),
  q: z.preprocess(single, safeText().trim().max(255).optional().catch(undefined)),
  before: z.preprocess(single, safeText().optional().catch(undefined)),
});

/** The page's query string as a filter; anything malformed is ignored rather than an error. */
export function parseWebhookFilter(params: Record<string, string | string[] | undefined>): WebhookListFilter {
  const parsed = searchParamsSchema.parse(params);
  return {
    outcome: parsed.outcome,
    verified: parsed.verified === undefined ? undefined : parsed.verified === "yes",
    orderId: parsed.q || undefined,
    before: parsed.before ? decodeCursor(parsed.before) : undefined,
    limit: WEBHOOKS_PAGE_SIZE,
  };
}

/** Microsecond timestamps would not survive a JS Date; the cursor keeps the database's own text. */
export function encodeCursor(receivedAt: string, id: string): string {
  return Buffer.from(`${receivedAt}|${id}`, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): WebhookCursor | undefined {
  const [time, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!time || !id || !TIMESTAMP.test(time) || !UUID.test(id)) return undefined;
  return { receivedAt: time, id };
}
