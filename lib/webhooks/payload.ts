import { isJsonObject, JsonNumber, parseLosslessJson, type LosslessObject } from "@/lib/service/json";

/**
 * What the receiver reads from a webhook before anything else: only `order_id` and the kind of
 * resource are relied on (everything else is refreshed from the service); `status` is kept for
 * the diagnosis page and the timeline, never acted on.
 */
export interface WebhookSummary {
  orderId: string | null;
  resourceType: string;
  reportedStatus: string | null;
  /** The service's id of the resource, as the (verified) payload names it. */
  resourceId: string | null;
}

/** The JSON object the body holds, or null when it is not one. */
export function parseWebhookBody(rawBody: string): LosslessObject | null {
  try {
    const parsed = parseLosslessJson(rawBody);
    return isJsonObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function summariseWebhook(payload: LosslessObject): WebhookSummary {
  const resourceType = resourceTypeOf(payload);
  return {
    orderId: scalarText(payload.order_id),
    resourceType,
    reportedStatus: scalarText(payload.status),
    resourceId: scalarText(resourceType === "withdrawal" ? payload.withdrawal_id : payload.invoice_id),
  };
}

function resourceTypeOf(payload: LosslessObject): string {
  const type = scalarText(payload.type)?.toLowerCase();
  if (type) return type;
  if ("withdrawal_id" in payload) return "withdrawal";
  return "invoice";
}

function scalarText(value: unknown): string | null {
  if (typeof value === "string") return value.slice(0, 255);
  if (value instanceof JsonNumber) return value.source;
  return null;
}
