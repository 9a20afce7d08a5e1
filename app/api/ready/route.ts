import { getDb } from "@/lib/db/client";
import { shippedMigrations } from "@/lib/db/migration-status";
import { backgroundLoopLiveness } from "@/lib/jobs/background-jobs";
import { checkReadiness, type Readiness } from "@/lib/readiness/check-readiness";
import { isStopping } from "@/lib/shutdown-state";

export const dynamic = "force-dynamic";

/**
 * Readiness for a load balancer: 200 only when this instance can do its work (the database
 * answers, its migrations are current, the background loops run), else 503 naming each problem.
 * Public, like /api/health: the problems say what kind of failure, never a host or a credential.
 */
export async function GET() {
  let readiness: Readiness;
  try {
    readiness = await checkReadiness(getDb(), {
      now: Date.now(),
      loops: backgroundLoopLiveness(),
      stopping: isStopping(),
      // A journal that cannot be read is a problem the check names, not a thrown error.
      expectedMigrations: Promise.resolve().then(() => shippedMigrations()),
    });
  } catch {
    // checkReadiness never rejects; this keeps the answer a 503, never a 500, if that ever changes.
    readiness = { status: "not ready", problems: ["readiness: the check itself failed"] };
  }
  return Response.json(readiness, {
    status: readiness.status === "ready" ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
}
