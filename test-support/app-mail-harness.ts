import { afterAll, beforeAll } from "vitest";
import { reasonNotToSend } from "@/lib/invoice-mail/send-time-check";
import { appMailConfig } from "@/lib/mail/app-mail";
import { deliverDueMail, type DeliveryReport } from "@/lib/mail/deliver-due";
import { smtpTransport } from "@/lib/mail/smtp-transport";
import { startSmtpCatcher, type SmtpCatcher } from "./smtp-catcher";
import { createTestDb, type TestDb } from "./test-db";

export interface AppMailHarness {
  testDb: TestDb;
  smtp: SmtpCatcher;
  /** One round of the mail loop's sending: the outbox's due messages to the SMTP catcher. */
  deliver(limit?: number): Promise<DeliveryReport>;
}

/**
 * For a test file of the app's mail: a database, a real SMTP server (smtp-server) and the app's
 * mail configuration pointed at it (SMTP_URL, MAIL_FROM, NEXTAUTH_URL for links, a secret for
 * unsubscribe links), set up before the file's tests and closed after. Read the fields inside tests.
 */
export function appMailHarness(): AppMailHarness {
  const harness = {} as AppMailHarness;
  beforeAll(async () => {
    harness.testDb = await createTestDb();
    harness.smtp = await startSmtpCatcher();
    process.env.SMTP_URL = harness.smtp.url;
    process.env.MAIL_FROM = '"Paydesk" <paydesk@shop.example>';
    process.env.NEXTAUTH_SECRET ??= "app-mail-test-secret-of-some-length";
    process.env.NEXTAUTH_URL = "https://paydesk.shop.example";
  });
  afterAll(async () => {
    await harness.smtp?.close();
    await harness.testDb?.close();
  });
  harness.deliver = async (limit = 20) => {
    const config = appMailConfig();
    if (!config) throw new Error("mail is off: SMTP_URL and MAIL_FROM were not set");
    const transport = smtpTransport(config);
    try {
      return await deliverDueMail(harness.testDb.db, {
        transport,
        from: config.from,
        reasonNotToSend,
        limit,
      });
    } finally {
      transport.close();
    }
  };
  return harness;
}
