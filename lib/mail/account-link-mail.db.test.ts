import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { outbox } from "@/lib/db/schema";
import { reasonNotToSend } from "@/lib/invoice-mail/send-time-check";
import { issueAccountLink } from "@/lib/users/account-links";
import { seedUser } from "@/test-support/fake-service";
import { startSmtpCatcher, type SmtpCatcher } from "@/test-support/smtp-catcher";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { appMailConfig } from "./app-mail";
import { deliverDueMail } from "./deliver-due";
import { smtpTransport } from "./smtp-transport";

let testDb: TestDb;
let smtp: SmtpCatcher;
beforeAll(async () => {
  testDb = await createTestDb();
  smtp = await startSmtpCatcher();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "paydesk@shop.example";
  process.env.NEXTAUTH_URL = "https://paydesk.shop.example";
});
afterAll(async () => {
  await smtp.close();
  await testDb.close();
});

it("emails an invitation link to its person through the outbox, and keeps no copy once sent", async () => {
  const userId = await seedUser(testDb.db);
  const link = await testDb.db.transaction((tx) =>
    issueAccountLink(tx, { userId, kind: "invitation", createdBy: null, lifetimeHours: 72 }),
  );
  const config = appMailConfig();
  if (!config) throw new Error("mail off");
  const transport = smtpTransport(config);
  try {
    expect(
      await deliverDueMail(testDb.db, { transport, from: config.from, reasonNotToSend, limit: 5 }),
    ).toMatchObject({ sent: 1 });
  } finally {
    transport.close();
  }
  const [mail] = smtp.caught;
  expect(mail?.parsed.subject).toBe("Your Paydesk account: choose your password");
  expect(mail?.parsed.text).toContain(
    `Choose your password: https://paydesk.shop.example/join/${link.token}`,
  );
  const [row] = await testDb.db.select().from(outbox).where(eq(outbox.kind, "account_link"));
  expect(row).toMatchObject({ state: "sent", textBody: null, htmlBody: null });
  expect(JSON.stringify(row)).not.toContain(link.token);
});
