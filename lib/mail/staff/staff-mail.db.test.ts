import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mailPreferences, outbox } from "@/lib/db/schema";
import { reasonNotToSend } from "@/lib/invoice-mail/send-time-check";
import { notify } from "@/lib/notifications/notify";
import { seedUser } from "@/test-support/fake-service";
import { startSmtpCatcher, type SmtpCatcher } from "@/test-support/smtp-catcher";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { deliverDueMail } from "../deliver-due";
import { appMailConfig } from "../app-mail";
import { smtpTransport } from "../smtp-transport";
import { readUnsubscribeLink, unsubscribe } from "./unsubscribe";

let testDb: TestDb;
let smtp: SmtpCatcher;
beforeAll(async () => {
  testDb = await createTestDb();
  smtp = await startSmtpCatcher();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = '"Paydesk" <paydesk@shop.example>';
  process.env.NEXTAUTH_SECRET ??= "staff-mail-test-secret-of-some-length";
  process.env.NEXTAUTH_URL = "https://paydesk.shop.example";
});
afterAll(async () => {
  await smtp.close();
  await testDb.close();
});

async function deliver() {
  const config = appMailConfig();
  if (!config) throw new Error("mail off");
  const transport = smtpTransport(config);
  try {
    return await deliverDueMail(testDb.db, { transport, from: config.from, reasonNotToSend, limit: 20 });
  } finally {
    transport.close();
  }
}

const event = (n: number) => ({
  kind: "withdrawal.awaiting_approval",
  object: { type: "withdrawal" as const, id: "5f0c1f43-5a43-4a5b-9a4b-0000000000a1" },
  message: `Withdrawal wd_${n} (50 USDT) waits for your approval.`,
  dedupeKey: `withdrawal:test:${n}`,
  mailCategory: "approval_waiting" as const,
});

it("emails a notification to those who chose its category, once, with a link and one-click unsubscribe", async () => {
  const chose = await seedUser(testDb.db);
  const didNot = await seedUser(testDb.db);
  await testDb.db
    .insert(mailPreferences)
    .values({ userId: chose, category: "approval_waiting", mode: "immediate" });

  await notify(testDb.db, [chose, didNot], event(1));
  await notify(testDb.db, [chose, didNot], event(1));
  expect(await testDb.db.select().from(outbox)).toHaveLength(1);
  expect(await deliver()).toMatchObject({ sent: 1 });
  const [mail] = smtp.caught;
  expect(mail?.parsed.subject).toBe("Withdrawal wd_1 (50 USDT) waits for your approval.");
  expect(mail?.parsed.text).toContain(
    "Open in Paydesk: https://paydesk.shop.example/withdrawals/5f0c1f43-5a43-4a5b-9a4b-0000000000a1",
  );
  const head = (mail?.raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
  expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const header = /^List-Unsubscribe: <([^>]+)>$/m.exec(head)?.[1] ?? "";
  const url = new URL(header);
  expect(url.origin + url.pathname).toBe("https://paydesk.shop.example/api/mail/unsubscribe");

  // The link names this person and category; a forged token names nothing.
  const secret = process.env.NEXTAUTH_SECRET ?? "";
  const link = readUnsubscribeLink(secret, url.searchParams);
  expect(link).toEqual({ userId: chose, category: "approval_waiting" });
  const forged = new URLSearchParams(url.searchParams);
  forged.set("u", didNot);
  expect(readUnsubscribeLink(secret, forged)).toBeNull();

  await unsubscribe(testDb.db, chose, "approval_waiting");
  await notify(testDb.db, [chose], event(2));
  expect(
    await testDb.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `staff:${chose}:withdrawal:test:2`)),
  ).toHaveLength(0);
});
