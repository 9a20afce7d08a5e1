import "server-only";
import { twoFactorSecretsWarning } from "@/lib/auth/two-factor/secret-check";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { shippedMigrations } from "@/lib/db/migration-status";
import { dependencyHealth } from "@/lib/health/dependencies";
import { backgroundLoopLiveness } from "@/lib/jobs/background-jobs";
import { appMailConfig } from "@/lib/mail/app-mail";
import { appServiceConfig } from "@/lib/service/app-config";
import { isStopping } from "@/lib/shutdown-state";
import { checkReadiness, type Readiness } from "./check-readiness";

/** This process's readiness, as /api/ready answers it and the metrics count it. Never rejects. */
export async function currentReadiness(): Promise<Readiness> {
  try {
    const health = dependencyHealth();
    return await checkReadiness(getDb(), {
      now: Date.now(),
      loops: backgroundLoopLiveness(),
      stopping: isStopping(),
      // A journal that cannot be read is a problem the check names, not a thrown error.
      expectedMigrations: Promise.resolve().then(() => shippedMigrations()),
      configurationProblems: configurationProblems(),
      service: health.service.snapshot(),
      smtp: appMailConfig() ? health.smtp.snapshot() : undefined,
      databaseHealth: health.database,
      moreWarnings: twoFactorSecretsWarnings,
    });
  } catch {
    // checkReadiness never rejects; this keeps the answer a 503, never a 500, if that ever changes.
    return { status: "not ready", problems: ["readiness: the check itself failed"] };
  }
}

/** After a restore with another NEXTAUTH_SECRET, the authenticator apps that cannot be read. */
async function twoFactorSecretsWarnings(): Promise<string[]> {
  const text = await twoFactorSecretsWarning(await getDb(), serverEnv().NEXTAUTH_SECRET);
  return text ? [`two-factor: ${text}`] : [];
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
