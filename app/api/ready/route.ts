import { getDb } from "@/lib/db/client";
import { shippedMigrations } from "@/lib/db/migration-status";
import { dependencyHealth } from "@/lib/health/dependencies";
import { backgroundLoopLiveness } from "@/lib/jobs/background-jobs";
import { appMailConfig } from "@/lib/mail/app-mail";
import { checkReadiness, type Readiness } from "@/lib/readiness/check-readiness";
import { appServiceConfig } from "@/lib/service/app-config";
import { isStopping } from "@/lib/shutdown-state";

export const dynamic = "force-dynamic";

/**
 * Readiness for a load balancer: 200 "ready", 200 "degraded" with warnings (mail or the payment
 * service failing, a loop stuck: taking this instance out would fix none of them), or 503 "not
 * ready" naming each problem that stops this instance working (database, migrations,
 * configuration, shutting down). Public, like /api/health: the problems and warnings say what
 * kind of failure, never a host or a credential.
 */
export async function GET() {
  let readiness: Readiness;
  try {
    const health = dependencyHealth();
    readiness = await checkReadiness(getDb(), {
      now: Date.now(),
      loops: backgroundLoopLiveness(),
      stopping: isStopping(),
      // A journal that cannot be read is a problem the check names, not a thrown error.
      expectedMigrations: Promise.resolve().then(() => shippedMigrations()),
      configurationProblems: configurationProblems(),
      service: health.service.snapshot(),
      smtp: appMailConfig() ? health.smtp.snapshot() : undefined,
      databaseHealth: health.database,
    });
  } catch {
    // checkReadiness never rejects; this keeps the answer a 503, never a 500, if that ever changes.
    readiness = { status: "not ready", problems: ["readiness: the check itself failed"] };
  }
  return Response.json(readiness, {
    status: readiness.status === "not ready" ? 503 : 200,
    headers: { "cache-control": "no-store" },
  });
}

/** The payment service's settings: their errors name the variables, never the values. */
function configurationProblems(): string[] {
  try {
    appServiceConfig();
    return [];
  } catch (error) {
    return [`configuration: ${error instanceof Error ? error.message.split("\n")[0] : "unreadable"}`];
  }
}
