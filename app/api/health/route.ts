export const dynamic = "force-dynamic";

/**
 * Liveness for a load balancer or an orchestrator: answers as soon as the server takes requests,
 * touching nothing else (the database is checked at start; a refused start ends the process).
 * The benchmarks also use it as the framework's own ceiling for a route handler.
 */
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
