import { currentReadiness } from "@/lib/readiness/current-readiness";

export const dynamic = "force-dynamic";

/**
 * Readiness for a load balancer: 200 "ready", 200 "degraded" with warnings (mail or the payment
 * service failing, a loop stuck: taking this instance out would fix none of them), or 503 "not
 * ready" naming each problem that stops this instance working (database, migrations,
 * configuration, shutting down). Public, like /api/health: the problems and warnings say what
 * kind of failure, never a host or a credential.
 */
export async function GET() {
  const readiness = await currentReadiness();
  return Response.json(readiness, {
    status: readiness.status === "not ready" ? 503 : 200,
    headers: { "cache-control": "no-store" },
  });
}
