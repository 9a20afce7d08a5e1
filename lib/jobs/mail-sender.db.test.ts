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

it("says when the SMTP server fails and when it works again, and shows the failure as the loop's last error", async () => {
  const told: string[] = [];
  const smtpHealth = {
    failure: (kind: string) => told.push(`failing: ${kind}`),
    success: () => told.push("working"),
  };
  // Port 1 on this machine: nothing listens there, so the connection is refused at once.
  const down = readMailConfig({ SMTP_URL: "smtp://127.0.0.1:1", MAIL_FROM: "paydesk@shop.example" });
  const up = readMailConfig({ SMTP_URL: smtp.url, MAIL_FROM: "paydesk@shop.example" });
  if (!down.ok || !down.config || !up.ok || !up.config) throw new Error("config");
  await enqueueMail(testDb.db, {
    kind: "staff_notification",
    to: { address: "gil@shop.example" },
    subject: "Also waiting",
    text: "text",
    html: "<p>html</p>",
  });
  const failing = new MailSender({
    db: testDb.db,
    transport: smtpTransport(down.config),
    config: down.config,
    smtpHealth,
  });
  expect(await failing.runOnce()).toMatchObject({ retrying: 1, sent: 0 });
  expect(told).toEqual(["failing: no connection to the SMTP server"]);
  expect(failing.liveness().lastFailure?.message).toMatch(/ECONNREFUSED/);
  await failing.stop();

  // The failed try waits a minute before the next; make it due now.
  const { outbox } = await import("@/lib/db/schema");
  await testDb.db.update(outbox).set({ nextAttemptAt: new Date(0) });
  const working = new MailSender({
    db: testDb.db,
    transport: smtpTransport(up.config),
    config: up.config,
    smtpHealth,
  });
  expect(await working.runOnce()).toMatchObject({ sent: 1 });
  expect(told).toEqual(["failing: no connection to the SMTP server", "working"]);
  await working.stop();
});
