import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { invoices, outbox, outboxAttempts } from "@/lib/db/schema";
import { readMailConfig, type MailConfig } from "@/lib/mail/mail-config";
import { seedInvoice } from "@/test-support/fake-service";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { queueDueReminders } from "./reminders";

let testDb: TestDb;
let config: MailConfig;
beforeAll(async () => {
  testDb = await createTestDb();
  const result = readMailConfig({ SMTP_URL: "smtp://127.0.0.1:9", MAIL_FROM: "shop@shop.example" });
  if (!result.ok || !result.config) throw new Error("config");
  config = result.config;
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.delete(outboxAttempts);
  await testDb.db.delete(outbox);
});

const invoiceExpiringIn = (minutes: number, overrides: Partial<typeof invoices.$inferInsert> = {}) =>
  seedInvoice(testDb.db, `remind-${minutes}-${Date.now()}-${Math.random()}`, {
    payUrl: "https://pay.service.example/pay/x",
    expiresAt: new Date(Date.now() + minutes * 60_000),
    customerEmail: "cleo@customer.example",
    remindMinutesBefore: 30,
    ...overrides,
  });

it("queues one reminder when an unpaid invoice is that close to expiring, and only once", async () => {
  const due = await invoiceExpiringIn(20);
  await invoiceExpiringIn(50);
  await invoiceExpiringIn(20, { remindMinutesBefore: null });
  await invoiceExpiringIn(20, { customerEmail: null });
  await invoiceExpiringIn(20, { status: "paid", isFinal: true });

  expect(await queueDueReminders(testDb.db, config, 20)).toBe(1);
  expect(await queueDueReminders(testDb.db, config, 20)).toBe(0);
  const queued = await testDb.db.select().from(outbox);
  expect(queued).toMatchObject([
    { kind: "payment_reminder", invoiceId: due.id, toAddress: "cleo@customer.example" },
  ]);
  expect(queued[0]?.subject).toMatch(/^Reminder from /);
  const [row] = await testDb.db.select().from(invoices).where(eq(invoices.id, due.id));
  expect(row?.reminderQueuedAt).not.toBeNull();
});
