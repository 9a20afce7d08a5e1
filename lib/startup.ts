import "server-only";
import { closeDb, getDb } from "@/lib/db/client";
import { isLoopbackHost, parseStartupEnv } from "@/lib/env";
import { ssoConfig } from "@/lib/auth/sso/config";
import { logUnreadableTwoFactorSecrets } from "@/lib/auth/two-factor/secret-check";
import { discover } from "@/lib/auth/sso/discovery";
import { requestsInFlight, whenNoRequestsInFlight } from "@/lib/http/in-flight-requests";
import { startBackgroundJobs, stopBackgroundJobs } from "@/lib/jobs/background-jobs";
import { logger } from "@/lib/log/logger";
import { appMailConfig } from "@/lib/mail/app-mail";
import { startMailCatcher } from "@/lib/mail-catcher/catcher";
import { keepOutOfLogs } from "@/lib/log/secret-values";
import { drainWebhookProcessing, webhookProcessingBacklog } from "@/lib/webhooks/processing-queue";
import { getServiceClient } from "@/lib/service/app-client";
import { usesEmbeddedSandbox } from "@/lib/service/app-config";
import { embeddedSandboxKeys, loadEmbeddedSandboxKeys } from "@/lib/service/embedded-sandbox-keys";
import { isStopping, markStopping } from "@/lib/shutdown-state";
import { serverBindAddress } from "@/lib/start-mode/bind-address";
import { EXIT_CONFIG, isConfigError } from "@/lib/start-mode/config-error";
import { markProductionStart } from "@/lib/start-mode/first-start-mark";
import { logStartLine } from "@/lib/start-line";
import { demoDatabaseWarning, warnOfPublicDemo } from "@/lib/start-mode/warnings";
import { demoUsersWithPublishedPassword, seedDemoUsers } from "@/lib/users/demo-users";

/** The sender of the demo's mail when MAIL_FROM is not set. */
const CATCHER_MAIL_FROM = '"Paydesk demo" <paydesk@demo.invalid>';

/**
 * The demo's mail catcher (lib/mail-catcher) in this process, and Paydesk's mail pointed at it:
 * what Paydesk sends shows at /sandbox/mail and goes nowhere else.
 */
async function catchMailHere(port: number): Promise<void> {
  const catcher = await startMailCatcher({ port });
  process.env.SMTP_URL = `smtp://127.0.0.1:${catcher.port}`;
  process.env.MAIL_FROM ||= CATCHER_MAIL_FROM;
  logger().info(
    { port: catcher.port },
    `mail catcher: Paydesk's email goes to smtp://127.0.0.1:${catcher.port} and shows at /sandbox/mail`,
  );
}

/**
 * Runs once per server process, from instrumentation.ts: open the database (which applies
 * migrations), seed demo users in demo mode (on the demo's own database only) or mark a first
 * production start, start the background loops, and stop them and close the database cleanly on
 * shutdown. Doing this inside the app process is what keeps PGlite's one-process-per-directory rule.
 */
export async function startPaydesk(): Promise<void> {
  const env = parseStartupEnv({ ...process.env, HOST: serverBindAddress(process.argv, process.env) });
  // A wrong issuer stops the start here, in words, not at the first person's sign-in.
  const sso = ssoConfig(env);
  if (sso) await discover(sso.issuer);
  // Before anything opens: a signal during start-up must still close the database (and free
  // PGlite's directory) rather than leave it to Next.js's handler, which would exit with it open.
  // The embedded sandbox is served by this very server, which answers nothing new once stopping:
  // its refreshes would fail, so they are left to the sweep after the restart.
  registerShutdown(usesEmbeddedSandbox() ? 0 : env.PAYDESK_SHUTDOWN_DRAIN_SECONDS);
  const db = await getDb();
  if (env.NEXTAUTH_SECRET) await logUnreadableTwoFactorSecrets(db, env.NEXTAUTH_SECRET);
  if (env.PAYDESK_DEMO) {
    const created = await seedDemoUsers(db);
    logger().info({ created }, `demo mode: ${created} demo user(s) created`);
    // The start-up checks let a demo beyond loopback through only with PAYDESK_DEMO_PUBLIC=1.
    if (!isLoopbackHost(env.HOST)) warnOfPublicDemo(env.HOST);
  } else {
    const mark = await markProductionStart(db);
    if (mark.mode === "demo")
      logger().warn(demoDatabaseWarning(mark, await demoUsersWithPublishedPassword(db)));
  }
  if (usesEmbeddedSandbox()) {
    await loadEmbeddedSandboxKeys(db);
    const keys = embeddedSandboxKeys();
    keepOutOfLogs(keys.invoiceKey, keys.withdrawalKey);
  }
  if (usesEmbeddedSandbox() && !env.PAYDESK_DEMO) {
    logger().warn(
      "PAYDESK_SANDBOX=embedded: using the embedded sandbox at /sandbox. No real money moves; " +
        "set PAYMENTS_BASE_URL and its keys instead to connect the real payment service.",
    );
  }
  if (env.PAYDESK_MAIL_CATCHER === "embedded") await catchMailHere(env.PAYDESK_MAIL_CATCHER_PORT);
  if (isStopping()) return;
  startBackgroundJobs(db, getServiceClient, {
    pollBudgetPerSecond: env.PAYDESK_POLL_BUDGET_PER_SECOND,
    mail: appMailConfig(),
  });
  await logStartLine(db);
}

/**
 * startPaydesk, for instrumentation.ts: a configuration Paydesk refuses (or a database it cannot
 * open) ends the process, since a server left running without its start-up would answer every
 * request with an error. A refused configuration exits with EX_CONFIG (78), which a supervisor
 * does not restart; anything else (a database not reachable yet) with 1, worth another try.
 */
export async function startPaydeskOrExit(): Promise<void> {
  try {
    await startPaydesk();
  } catch (error) {
    const message = `refusing to start: ${error instanceof Error ? error.message : String(error)}`;
    if (isConfigError(error)) {
      logger().fatal({ problems: error.problems }, message);
      process.exit(EXIT_CONFIG);
    }
    logger().fatal(message);
    process.exit(1);
  }
}

/**
 * How long the requests taken before the signal may go on before the database closes under them.
 * An answer takes well under a second; a long CSV download is what this bounds.
 */
const REQUESTS_GRACE_MS = 10_000;
/** How long refreshes already running get once the drain has left those waiting to the sweep. */
const RUNNING_REFRESHES_GRACE_MS = 10_000;

/**
 * On SIGTERM or SIGINT: new requests get 503 with Connection: close (observe-requests.ts), the
 * requests in flight finish, queued webhook refreshes get what is left of drainSeconds (those
 * already running always finish), the loops finish their round, and the database closes last.
 * Next.js's own handler would stop listening and exit as soon as the open connections closed,
 * before any of this and with the database open: it is removed, and this one owns the shutdown.
 * The server goes on listening until the exit, so a late delivery gets a 503 (the service sends it
 * again), not a refused connection.
 */
function registerShutdown(drainSeconds: number) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    markStopping();
    const deadline = Date.now() + drainSeconds * 1000;
    const log = logger().child({ signal });
    log.info(
      { requestsInFlight: requestsInFlight(), webhookRefreshes: webhookProcessingBacklog(), drainSeconds },
      `${signal}: refusing new requests; finishing those in flight and queued webhook refreshes, ` +
        "then stopping background jobs and closing the database",
    );
    try {
      if (!(await whenNoRequestsInFlight(REQUESTS_GRACE_MS)))
        log.warn(
          { requestsInFlight: requestsInFlight() },
          "requests still in flight after 10 s: stopping anyway",
        );
      if (!(await drainWebhookProcessing(Math.max(0, deadline - Date.now())))) {
        // With the embedded sandbox there is no drain (its refreshes would call this stopping server).
        const left = "webhook refreshes left for the sweep after a restart";
        if (drainSeconds === 0) log.info(left);
        else log.warn(left);
        await drainWebhookProcessing(RUNNING_REFRESHES_GRACE_MS);
      }
      await stopBackgroundJobs();
      await closeDb();
      log.info("stopped");
    } catch (error) {
      log.error({ err: error }, "stopping did not finish cleanly");
    }
    process.exit(0);
  };
  // `on`, not `once`: a second signal while stopping (a supervisor repeating itself) must not fall
  // through to the default action, which kills the process with the database open.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    for (const listener of process.listeners(signal)) process.off(signal, listener);
    process.on(signal, (received) => void stop(received));
  }
}
