import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { bearerMatches } from "@/lib/metrics/bearer-token";
import { refreshBusinessGauges } from "@/lib/metrics/business-gauges";
import { paydeskMetrics } from "@/lib/metrics/registry";
import { webhookProcessingBacklog } from "@/lib/webhooks/processing-queue";
import { reportError } from "@/lib/log/report-error";

export const dynamic = "force-dynamic";

/**
 * Prometheus metrics, in its text format: only with `Authorization: Bearer $METRICS_TOKEN`, and
 * 404 while METRICS_TOKEN is unset (nothing to find). Process and request counters are this
 * instance's; the business gauges are read from the shared database (at most every 5 s).
 */
export async function GET(request: Request) {
  const env = serverEnv();
  const token = env.METRICS_TOKEN;
  if (!token) return new Response("Not found.", { status: 404 });
  if (!bearerMatches(request.headers.get("authorization"), token)) {
    return new Response("A bearer token is required.", {
      status: 401,
      headers: { "www-authenticate": 'Bearer realm="metrics"' },
    });
  }
  const metrics = paydeskMetrics();
  metrics.webhookQueueDepth.set(webhookProcessingBacklog());
  try {
    await refreshBusinessGauges(await getDb(), { staleHours: env.PAYDESK_PAYOUT_STALE_HOURS });
  } catch (error) {
    // The process metrics still tell something about an instance whose database is down.
    reportError("metrics", "the business gauges could not be read", error);
  }
  return new Response(await metrics.registry.metrics(), {
    headers: { "content-type": metrics.registry.contentType, "cache-control": "no-store" },
  });
}
