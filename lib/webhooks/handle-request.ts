import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import { paydeskMetrics } from "@/lib/metrics/registry";
import { decodeWebhookBody } from "./decode-body";
import type { WebhookHandlers } from "./handler-types";
import { parseBudget, type ParseBudget } from "./parse-budget";
import { batchedProcessing } from "./batched-processing";
import { readBodyWithLimit } from "./read-body";
import { receiveWebhook, type ReceiveResult } from "./receive";
import { unverifiedLimiter, type UnverifiedLimiter } from "./unverified-limiter";

export interface WebhookRequestDeps {
  db: Db;
  client: ServiceClient;
  invoiceKey: string;
  /** The invoice key before the last rotation: it still verifies webhooks signed with it. */
  previousInvoiceKey?: string;
  /** The client's address (clientAddress()), for the limits on unverified bodies. */
  clientAddress?: string;
  /** Defaults to the process-wide limiter. */
  unverifiedLimiter?: UnverifiedLimiter;
  /** Defaults to the process-wide budget of parse work. */
  parseBudget?: ParseBudget;
  /**
   * Runs work after the response (the route queues it: processing-queue.ts; tests collect the
   * promise). Events waiting together are processed in one batch (batched-processing.ts).
   */
  afterResponse: (task: () => Promise<unknown>) => void;
  handlers?: WebhookHandlers;
  maxBodyBytes?: number;
}

/** POST /api/webhooks/payments, as a plain Request -> Response function. */
export async function handleWebhookRequest(request: Request, deps: WebhookRequestDeps): Promise<Response> {
  const received = paydeskMetrics().webhooksReceived;
  const body = await readBodyWithLimit(request, deps.maxBodyBytes);
  if (!body.ok) {
    received.inc({ outcome: "malformed" });
    return Response.json({ message: "Body too large." }, { status: 413 });
  }
  const decoded = decodeWebhookBody(body.bytes);
  if (!decoded.ok) {
    received.inc({ outcome: "malformed" });
    return Response.json({ message: decoded.message }, { status: 400 });
  }
  const address = deps.clientAddress ?? "unknown";
  const limiter = deps.unverifiedLimiter ?? unverifiedLimiter(deps.db);
  const budget = deps.parseBudget ?? parseBudget();
  const bytes = body.bytes.byteLength;
  const result = await receiveWebhook(
    deps.db,
    decoded.text,
    { current: deps.invoiceKey, previous: deps.previousInvoiceKey },
    {
      admitParse: () => budget.charge(address, bytes),
      refundParse: () => budget.refund(address, bytes),
      admitUnverified: () => limiter.admit(address),
    },
  );
  received.inc({ outcome: answerOutcome(result) });
  const { eventId, process } = result;
  if (process && eventId) {
    deps.afterResponse(
      batchedProcessing(deps.db, deps.client, { id: eventId, parsed: process }, deps.handlers),
    );
  }
  const headers: HeadersInit = result.retryAfterSeconds
    ? { "retry-after": `${result.retryAfterSeconds}` }
    : {};
  return Response.json({ message: result.message }, { status: result.status, headers });
}

/** The receiver's answer as the metrics count it. */
function answerOutcome(result: ReceiveResult): string {
  switch (result.status) {
    case 200:
      return result.duplicate ? "duplicate" : "verified";
    case 401:
      return "unverified";
    case 429:
      return "limited";
    case 400:
      return "malformed";
  }
}
