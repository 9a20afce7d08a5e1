import type { Db } from "@/lib/db/types";
import { clearOldBodies, deliverDueMail, type DeliveryReport } from "@/lib/mail/deliver-due";
import { queueDueReminders } from "@/lib/invoice-mail/reminders";
import { queueDueDigests } from "@/lib/mail/staff/digest";
import { queueDueStatements } from "@/lib/statement/monthly-mail";
import type { MailConfig } from "@/lib/mail/mail-config";
import { reasonNotToSend } from "@/lib/invoice-mail/send-time-check";
import type { MailTransport } from "@/lib/mail/smtp-transport";
import type { HealthState } from "@/lib/health/health-state";
import { PeriodicJob, type LoopLog } from "./periodic-job";

export interface MailSenderOptions {
  db: Db;
  transport: MailTransport;
  config: MailConfig;
  intervalMs?: number;
  batchSize?: number;
  log?: LoopLog;
  /** Told whether the SMTP server took mail (dependencies.ts): the log's failing/working lines. */
  smtpHealth?: Pick<HealthState, "failure" | "success">;
}

/** How often the round also clears the bodies of messages older than 30 days. */
const CLEAR_BODIES_EVERY_MS = 3_600_000;

/**
 * The outbox's loop: every few seconds, queue the invoice reminders, staff digests and monthly
 * statements that are due, hand the due messages to the SMTP server (lib/mail/deliver-due.ts), and once an hour clear
 * old bodies. Several instances may run it: each message is claimed by one of them at a time.
 */
export class MailSender extends PeriodicJob<DeliveryReport> {
  private readonly batchSize: number;
  private lastClearedAt = 0;

  constructor(private readonly options: MailSenderOptions) {
    super("mail-sender", options.intervalMs ?? 5_000, options.log);
    this.batchSize = options.batchSize ?? 20;
  }

  protected filledBatch(report: DeliveryReport): boolean {
    return report.claimed >= this.batchSize;
  }

  protected async round(): Promise<DeliveryReport> {
    let report: DeliveryReport = { claimed: 0, sent: 0, retrying: 0, failed: 0, cancelled: 0 };
    try {
      await queueDueReminders(this.options.db, this.options.config, this.batchSize);
    } catch (error) {
      this.failed("queuing reminders failed", error);
    }
    try {
      await queueDueDigests(this.options.db, this.batchSize);
    } catch (error) {
      this.failed("queuing daily digests failed", error);
    }
    try {
      await queueDueStatements(this.options.db, this.batchSize);
    } catch (error) {
      this.failed("queuing monthly statements failed", error);
    }
    try {
      report = await deliverDueMail(this.options.db, {
        transport: this.options.transport,
        from: this.options.config.from,
        reasonNotToSend,
        limit: this.batchSize,
      });
    } catch (error) {
      this.failed("sending mail failed", error);
    }
    this.noteSmtpHealth(report);
    if (Date.now() - this.lastClearedAt >= CLEAR_BODIES_EVERY_MS) {
      try {
        await clearOldBodies(this.options.db);
        this.lastClearedAt = Date.now();
      } catch (error) {
        this.failed("clearing old mail bodies failed", error);
      }
    }
    return report;
  }

  /**
   * A round that handed a message over says the server works; one where only the server failed
   * says it fails, logged once per outage by the health state and shown on the System page as the
   * loop's last error (the tries themselves are in the outbox, Admin → Outgoing mail).
   */
  private noteSmtpHealth(report: DeliveryReport): void {
    if (report.sent > 0) this.options.smtpHealth?.success();
    else if (report.serverFailure) {
      this.recordFailure(report.serverFailure);
      this.options.smtpHealth?.failure(report.serverFailure.kind, report.serverFailure);
    }
  }

  override async stop(): Promise<void> {
    await super.stop();
    this.options.transport.close();
  }
}
