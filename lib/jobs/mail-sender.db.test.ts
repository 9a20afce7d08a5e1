import { afterAll, beforeAll, expect, it } from "vitest";
import { enqueueMail } from "@/lib/mail/enqueue";
import { readMailConfig } from "@/lib/mail/mail-config";
import { smtpTransport } from "@/lib/mail/smtp-transport";
import { startSmtpCatcher, type SmtpCatcher } from "@/test-support/smtp-catcher";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { MailSender } from "./mail-sender";

let testDb: TestDb;
let smtp: SmtpCatcher;
beforeAll(async () => {
  testDb = await createTestDb();
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp.close();
  await testDb.close();
});

it("the loop sends what the outbox holds, in the background", async () => {
  const config = readMailConfig({ SMTP_URL: smtp.url, MAIL_FROM: "paydesk@shop.example" });
  if (!config.ok || !config.config) throw new Error("config");
  const sender = new MailSender({
    db: testDb.db,
    transport: smtpTransport(config.config),
    config: config.config,
    intervalMs: 50,
  });
  await enqueueMail(testDb.db, {
    kind: "staff_notification",
    to: { address: "fay@shop.example" },
    subject: "Waiting for you",
    text: "text",
    html: "<p>html</p>",
  });
  sender.start();
  try {
    await expect.poll(() => smtp.caught.length, { timeout: 10_000 }).toBe(1);
    expect(smtp.caught[0]?.envelope).toEqual({ from: "paydesk@shop.example", to: ["fay@shop.example"] });
  } finally {
    await sender.stop();
  }
});
