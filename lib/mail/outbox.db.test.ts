import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invoices, outbox, outboxAttempts } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { seedInvoice } from "@/test-support/fake-service";
import { startSmtpCatcher, type SmtpCatcher } from "@/test-support/smtp-catcher";
import { createTestDb, openSecondInstanceDb, type TestDb } from "@/test-support/test-db";
import { clearOldBodies, deliverDueMail, waitAfterTry } from "./deliver-due";
import { enqueueMail, GIVE_UP_AFTER_MS, type MailToQueue } from "./enqueue";
import { readMailConfig } from "./mail-config";
import { sendMailAgain } from "./outgoing";
import { reasonNotToSend } from "@/lib/invoice-mail/send-time-check";
import { smtpTransport, type MailTransport } from "./smtp-transport";

const FROM = { name: "Shop support", address: "support@shop.example" };
let testDb: TestDb;
let smtp: SmtpCatcher;
let transport: MailTransport;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());
beforeEach(async () => {
  smtp = await startSmtpCatcher();
  transport = transportTo(smtp.url);
  await testDb.db.delete(outboxAttempts);
  await testDb.db.delete(outbox);
});
afterEach(async () => {
  transport.close();
  await smtp.close();
});

function transportTo(url: string) {
  const result = readMailConfig({ SMTP_URL: url, MAIL_FROM: '"Shop support" <support@shop.example>' });
  if (!result.ok || !result.config) throw new Error("test mail config");
  return smtpTransport(result.config);
}

const mail = (overrides: Partial<MailToQueue> = {}): MailToQueue => ({
  kind: "staff_notification",
  to: { address: "fay@shop.example", name: "Fay Finance" },
  subject: "A payout waits for your approval",
  text: "Plain text",
  html: "<p>HTML</p>",
  ...overrides,
});

function deliver(db: Db = testDb.db, now?: () => Date, via: MailTransport = transport) {
  return deliverDueMail(db, { transport: via, from: FROM, reasonNotToSend, limit: 20, now });
}

const rowOf = async (id: string | null) => {
  const [row] = await testDb.db
    .select()
    .from(outbox)
    .where(eq(outbox.id, id ?? ""));
  return row;
};

describe(`the outbox (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("hands a queued message to the SMTP server once, as written, and records the reply", async () => {
    const id = await enqueueMail(testDb.db, mail({ replyTo: "help@shop.example" }));
    expect(await deliver()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await deliver()).toMatchObject({ claimed: 0 });
    expect(smtp.caught).toHaveLength(1);
    const [received] = smtp.caught;
    expect(received?.parsed.from?.value[0]).toMatchObject(FROM);
    expect(received?.parsed.to).toMatchObject({
      value: [{ name: "Fay Finance", address: "fay@shop.example" }],
    });
    expect(received?.parsed.replyTo?.value[0]?.address).toBe("help@shop.example");
    expect(received?.parsed.subject).toBe("A payout waits for your approval");
    expect(received?.parsed.text?.trim()).toBe("Plain text");
    expect(received?.parsed.html).toContain("<p>HTML</p>");
    const row = await rowOf(id);
    expect(row).toMatchObject({ state: "sent", attempts: 1, leaseUntil: null });
    const attempts = await testDb.db
      .select()
      .from(outboxAttempts)
      .where(eq(outboxAttempts.outboxId, id ?? ""));
    expect(attempts).toMatchObject([{ outcome: "sent", replyCode: 250 }]);
  });

  it("refuses a header that would start another header", async () => {
    for (const bad of [
      mail({ subject: "Hello\r\nBcc: everyone@example.com" }),
      mail({ to: { address: "fay@shop.example\r\nBcc: x@example.com" } }),
      mail({ to: { address: "fay@shop.example", name: "Fay\nBcc: x@example.com" } }),
    ]) {
      await expect(enqueueMail(testDb.db, bad)).rejects.toThrow();
    }
    expect(await testDb.db.select().from(outbox)).toHaveLength(0);
  });

  it("the same dedupe key queues one message", async () => {
    expect(await enqueueMail(testDb.db, mail({ dedupeKey: "event-1" }))).not.toBeNull();
    expect(await enqueueMail(testDb.db, mail({ dedupeKey: "event-1" }))).toBeNull();
    expect(await testDb.db.select().from(outbox)).toHaveLength(1);
  });

  it("a 4xx reply is tried again after a growing wait, then sent", async () => {
    const id = await enqueueMail(testDb.db, mail());
    smtp.refuseNext(2, 451);
    let clock = Date.now();
    const now = () => new Date(clock);
    expect(await deliver(testDb.db, now)).toMatchObject({ retrying: 1 });
    const first = await rowOf(id);
    expect(first).toMatchObject({ state: "queued", attempts: 1 });
    expect(first?.nextAttemptAt.getTime()).toBe(clock + waitAfterTry(1));
    expect(await deliver(testDb.db, now)).toMatchObject({ claimed: 0 });
    clock += waitAfterTry(1);
    expect(await deliver(testDb.db, now)).toMatchObject({ retrying: 1 });
    expect((await rowOf(id))?.nextAttemptAt.getTime()).toBe(clock + waitAfterTry(2));
    expect(waitAfterTry(2)).toBe(2 * waitAfterTry(1));
    clock += waitAfterTry(2);
    expect(await deliver(testDb.db, now)).toMatchObject({ sent: 1 });
    const attempts = await testDb.db
      .select()
      .from(outboxAttempts)
      .where(eq(outboxAttempts.outboxId, id ?? ""));
    expect(attempts.map((a) => [a.outcome, a.replyCode])).toEqual([
      ["retry", 451],
      ["retry", 451],
      ["sent", 250],
    ]);
    expect(smtp.caught).toHaveLength(1);
  });

  it("a server that is down is tried again; a 5xx refusal is given up at once", async () => {
    const down = await enqueueMail(testDb.db, mail());
    const unreachable = transportTo("smtp://127.0.0.1:1");
    try {
      expect(await deliver(testDb.db, undefined, unreachable)).toMatchObject({ retrying: 1 });
    } finally {
      unreachable.close();
    }
    expect(await rowOf(down)).toMatchObject({ state: "queued", attempts: 1 });
    const attempt = await testDb.db
      .select()
      .from(outboxAttempts)
      .where(eq(outboxAttempts.outboxId, down ?? ""));
    expect(attempt).toMatchObject([{ outcome: "retry", replyCode: null }]);

    const refused = await enqueueMail(testDb.db, mail({ to: { address: "nobody@shop.example" } }));
    smtp.refuseNext(1, 550);
    expect(await deliver()).toMatchObject({ failed: 1 });
    expect(await rowOf(refused)).toMatchObject({
      state: "failed",
      lastError: expect.stringContaining("Mailbox"),
    });
  });

  it("gives up when its time runs out, and marks the message failed", async () => {
    const start = Date.now();
    const id = await enqueueMail(testDb.db, mail(), new Date(start));
    await smtp.close();
    let clock = start;
    const now = () => new Date(clock);
    for (let tries = 0; tries < 100; tries++) {
      const row = await rowOf(id);
      if (row?.state !== "queued") break;
      clock = Math.max(clock, row.nextAttemptAt.getTime());
      await deliver(testDb.db, now);
    }
    const row = await rowOf(id);
    expect(row?.state).toBe("failed");
    expect(clock).toBeLessThanOrEqual(start + GIVE_UP_AFTER_MS);
    expect(row?.attempts).toBeGreaterThan(5);
    smtp = await startSmtpCatcher();
  });

  it("sends nothing for an invoice paid (or expired) before the loop got to it", async () => {
    const invoice = await seedInvoice(testDb.db, `mail-paid-${Date.now()}`, {
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const open = await seedInvoice(testDb.db, `mail-open-${Date.now()}`, {
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const paidLink = await enqueueMail(testDb.db, mail({ kind: "payment_link", invoiceId: invoice.id }));
    const openLink = await enqueueMail(testDb.db, mail({ kind: "payment_link", invoiceId: open.id }));
    await testDb.db
      .update(invoices)
      .set({ status: "paid", serviceStatus: "paid", isFinal: true })
      .where(eq(invoices.id, invoice.id));
    expect(await deliver()).toMatchObject({ sent: 1, cancelled: 1 });
    expect(await rowOf(paidLink)).toMatchObject({
      state: "cancelled",
      cancelReason: "The invoice is paid already.",
    });
    expect(await rowOf(openLink)).toMatchObject({ state: "sent" });
    expect(smtp.caught).toHaveLength(1);
  });

  it("two instances sending at once deliver each message exactly once", async () => {
    const other = await openSecondInstanceDb(testDb);
    const otherTransport = transportTo(smtp.url);
    try {
      for (let i = 0; i < 30; i++) await enqueueMail(testDb.db, mail({ subject: `Message ${i}` }));
      const reports = await Promise.all([
        deliver(testDb.db),
        deliver(other.db, undefined, otherTransport),
        deliver(testDb.db),
        deliver(other.db, undefined, otherTransport),
      ]);
      const more = await Promise.all([deliver(testDb.db), deliver(other.db, undefined, otherTransport)]);
      const sent = [...reports, ...more].reduce((sum, report) => sum + report.sent, 0);
      expect(sent).toBe(30);
      const subjects = smtp.caught.map((caught) => caught.parsed.subject).sort();
      expect(subjects).toEqual(Array.from({ length: 30 }, (_, i) => `Message ${i}`).sort());
    } finally {
      otherTransport.close();
      await other.close();
    }
  });

  it("a claim whose instance stopped is taken again once its lease lapses", async () => {
    const id = await enqueueMail(testDb.db, mail());
    await testDb.db
      .update(outbox)
      .set({ state: "sending", leaseUntil: new Date(Date.now() - 1_000) })
      .where(eq(outbox.id, id ?? ""));
    expect(await deliver()).toMatchObject({ sent: 1 });
  });

  it("Send again puts a failed message back in the queue, due now, with a fresh day", async () => {
    const id = await enqueueMail(testDb.db, mail({ to: { address: "nobody@shop.example" } }));
    smtp.refuseNext(1, 550);
    expect(await deliver()).toMatchObject({ failed: 1 });
    const sent = await rowOf(id);
    expect(sent?.state).toBe("failed");
    await expect(sendMailAgain(testDb.db, id ?? "")).resolves.toEqual({
      to: "nobody@shop.example",
      subject: mail().subject,
    });
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(await rowOf(id)).toMatchObject({ state: "sent", attempts: 2 });
    await expect(sendMailAgain(testDb.db, id ?? "")).rejects.toThrow(/Only a failed email/);
  });

  it("keeps bodies 30 days, then clears them and keeps the record", async () => {
    const old = await enqueueMail(testDb.db, mail(), new Date(Date.now() - 31 * 86_400_000));
    const recent = await enqueueMail(testDb.db, mail());
    await testDb.db.update(outbox).set({ state: "sent" });
    expect(await clearOldBodies(testDb.db)).toBe(1);
    expect(await rowOf(old)).toMatchObject({ textBody: null, htmlBody: null, subject: mail().subject });
    expect(await rowOf(recent)).toMatchObject({ textBody: "Plain text" });
  });
});
