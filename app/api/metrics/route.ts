import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { dependencyHealth } from "@/lib/health/dependencies";
import { backgroundLoopLiveness } from "@/lib/jobs/background-jobs";
import { appMailConfig } from "@/lib/mail/app-mail";
import { bearerMatches } from "@/lib/metrics/bearer-token";
import { paydeskMetrics } from "@/lib/metrics/registry";
import { scrapeMetrics } from "@/lib/metrics/scrape";
import { currentReadiness } from "@/lib/readiness/current-readiness";
import { PAYDESK_VERSION } from "@/lib/release/version";
import { currentCommit } from "@/lib/system/process-facts";
import { webhookProcessingBacklog } from "@/lib/webhooks/processing-queue";
import { reportError } from "@/lib/log/report-error";

export const dynamic = "force-dynamic";

/**
 * Prometheus metrics, in its text format: only with `Authorization: Bearer $METRICS_TOKEN`, and
 * 404 while METRICS_TOKEN is unset (nothing to find). Process, request and health series are this
 * instance's; the business gauges are read from the shared database (at most every 5 s), and are
 * absent from a scrape whose read failed (scrape.ts).
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
  const health = dependencyHealth();
  // Readiness checks the database too and tells its health; the scrape's own check does not.
  const readiness = await currentReadiness();
  const text = await scrapeMetrics({
    readiness: readiness.status,
    db: getDb(),
    staleHours: env.PAYDESK_PAYOUT_STALE_HOURS,
    version: PAYDESK_VERSION,
    commit: currentCommit(),
    loops: backgroundLoopLiveness(),
    service: health.service.snapshot(),
    smtp: appMailConfig() ? health.smtp.snapshot() : null,
    webhookQueueDepth: webhookProcessingBacklog(),
    onReadError: (error) => reportError("metrics", "the business gauges could not be read", error),
  });
  return new Response(text, {
    headers: { "content-type": paydeskMetrics().registry.contentType, "cache-control": "no-store" },
  });
}
