import "server-only";
import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import { queuePolledRefreshes } from "@/lib/webhooks/processing-queue";
import type { MailConfig } from "@/lib/mail/mail-config";
import { smtpTransport } from "@/lib/mail/smtp-transport";
import { dependencyHealth } from "@/lib/health/dependencies";
import { watchDatabase } from "@/lib/health/database-watch";
import { withoutRequestContext } from "@/lib/log/request-context";
import { InvoiceRefresher } from "./invoice-refresher";
import { MailSender } from "./mail-sender";
import { InvoiceResender } from "./invoice-resender";
import type { LoopLiveness } from "./periodic-job";
import { createPollBudget } from "./poll-budget";
import { WebhookPruner } from "./webhook-pruner";
import { WebhookSweeper } from "./webhook-sweeper";
import { WithdrawalResubmitter } from "./withdrawal-resubmitter";

/**
 * The process's background loops. Kept on globalThis because Next.js may load startup code in
 * more than one module graph: a second start would run every loop twice in one process.
 */
const globalKey = Symbol.for("paydesk.backgroundJobs");
interface Loop {
  start(): void;
  stop(): Promise<void>;
  liveness(): LoopLiveness;
}
const watchKey = Symbol.for("paydesk.databaseWatch");
type GlobalWithJobs = typeof globalThis & { [globalKey]?: Loop[]; [watchKey]?: () => void };

export interface BackgroundJobOptions {
  /** PAYDESK_POLL_BUDGET_PER_SECOND: invoice polls per second the refresh loop may make. */
  pollBudgetPerSecond: number;
  /** Where the outbox's mail goes; null when SMTP_URL is unset (no mail loop). */
  mail: MailConfig | null;
}

export function startBackgroundJobs(
  db: Db,
  client: () => ServiceClient,
  { pollBudgetPerSecond, mail }: BackgroundJobOptions,
): void {
  const store = globalThis as GlobalWithJobs;
  if (store[globalKey]) return;
  const pollBudget = createPollBudget(pollBudgetPerSecond);
  const loops: Loop[] = [
    new InvoiceRefresher({ db, client, runRefreshes: queuePolledRefreshes, pollBudget }),
    new WithdrawalResubmitter({ db, client }),
    new InvoiceResender({ db, client }),
    new WebhookPruner({ db }),
    new WebhookSweeper({ db, client }),
  ];
  if (mail) {
    const smtpHealth = dependencyHealth().smtp;
    loops.push(new MailSender({ db, transport: smtpTransport(mail), config: mail, smtpHealth }));
  }
  store[globalKey] = loops;
  // Whatever called this, the loops and the watch belong to no request (their log lines carry none).
  withoutRequestContext(() => {
    for (const loop of loops) loop.start();
    store[watchKey] = watchDatabase(db, dependencyHealth().database);
  });
}

/** Stops the loops, waiting for any round in progress, so the database can then be closed. */
export async function stopBackgroundJobs(): Promise<void> {
  const store = globalThis as GlobalWithJobs;
  const loops = store[globalKey] ?? [];
  delete store[globalKey];
  store[watchKey]?.();
  delete store[watchKey];
  await Promise.all(loops.map((loop) => loop.stop()));
}

/**
 * When each of this process's loops started and last finished a round, for readiness; null when
 * startBackgroundJobs has not run in this process (a test, a CLI, or before start-up).
 */
export function backgroundLoopLiveness(): LoopLiveness[] | null {
  const loops = (globalThis as GlobalWithJobs)[globalKey];
  return loops ? loops.map((loop) => loop.liveness()) : null;
}
