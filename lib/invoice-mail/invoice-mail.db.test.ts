import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "@/lib/audit/record";
import { auditLog, invoices, outbox, outboxAttempts } from "@/lib/db/schema";
import { seedInvoice, seedUser } from "@/test-support/fake-service";
import { startSmtpCatcher, type SmtpCatcher } from "@/test-support/smtp-catcher";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { deliverDueMail } from "@/lib/mail/deliver-due";
import { setMailIdentity } from "@/lib/mail/identity";
import { MAX_MAIL_PER_INVOICE_PER_DAY, queueInvoiceMail } from "./invoice-mail";
import { readMailConfig, type MailConfig } from "@/lib/mail/mail-config";
import { reasonNotToSend } from "./send-time-check";
import { smtpTransport } from "@/lib/mail/smtp-transport";

let testDb: TestDb;
let smtp: SmtpCatcher;
let config: MailConfig;
const HOSTILE_NAME = `Shop "<b>Bold</b>" & Sons\u2019`;
const HOSTILE_FOOTER = `<script>alert("footer")</script>\nMain Street 1`;

beforeAll(async () => {
  testDb = await createTestDb();
  smtp = await startSmtpCatcher();
  const result = readMailConfig({ SMTP_URL: smtp.url, MAIL_FROM: '"Shop support" <support@shop.example>' });
  if (!result.ok || !result.config) throw new Error("config");
  config = result.config;
});
afterAll(async () => {
  await smtp.close();
  await testDb.close();
});
beforeEach(async () => {
  await testDb.db.delete(outboxAttempts);
  await testDb.db.delete(outbox);
  smtp.caught.length = 0;
});

async function payableInvoice(orderId: string) {
  return seedInvoice(testDb.db, orderId, {
    amount: "12500.5",
    fiatCurrency: "EUR",
    payUrl: `https://pay.service.example/pay/${orderId}`,
    expiresAt: new Date(Date.now() + 2 * 3_600_000),
    currency: "USDT",
    network: "TRON",
  });
}

const queue = (
  invoiceId: string,
  to = "cleo@customer.example",
  kind: "payment_link" | "ask_for_rest" = "payment_link",
) =>
  testDb.db.transaction((tx) =>
    queueInvoiceMail(tx, config, { invoiceId, kind, to, requestedBy: null, actor: SYSTEM_ACTOR }),
  );

async function deliver() {
  const transport = smtpTransport(config);
  try {
    return await deliverDueMail(testDb.db, { transport, from: config.from, reasonNotToSend, limit: 20 });
  } finally {
    transport.close();
  }
}

describe(`emailing a payment link (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("reaches the customer as written: headers, both parts, the link, every value escaped", async () => {
    const admin = await seedUser(testDb.db);
    await setMailIdentity(
      testDb.db,
      { businessName: HOSTILE_NAME, replyTo: "help@shop.example", footer: HOSTILE_FOOTER },
      admin,
    );
    const invoice = await payableInvoice(`ORD-<i>&"1"-${Date.now()}`);
    await queue(invoice.id);
    expect(await deliver()).toMatchObject({ sent: 1 });
    const [mail] = smtp.caught;
    if (!mail) throw new Error("nothing received");
    expect(mail.envelope.to).toEqual(["cleo@customer.example"]);
    expect(mail.parsed.from?.value[0]).toMatchObject({
      name: "Shop support",
      address: "support@shop.example",
    });
    expect(mail.parsed.subject).toContain(invoice.orderId);
    expect(mail.parsed.subject).toContain("12,500.50 EUR");
    expect(mail.parsed.text).toContain(`Open the payment page: https://pay.service.example/pay/`);
    expect(mail.parsed.text).toContain("USDT on TRON");
    expect(mail.parsed.text).toMatch(/until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/);
    const html = String(mail.parsed.html);
    expect(html).not.toContain("<i>&");
    expect(html).toContain("ORD-&lt;i&gt;&amp;&quot;1&quot;");
    // Only the headers Paydesk wrote: the hostile text stayed inside the subject.
    const headerNames = mail.raw
      .split(/\r?\n\r?\n/)[0]
      ?.split(/\r?\n/)
      .filter((line) => /^[A-Za-z-]+:/.test(line))
      .map((line) => line.slice(0, line.indexOf(":")).toLowerCase());
    expect(mail.parsed.replyTo?.value[0]?.address).toBe("help@shop.example");
    expect(mail.parsed.text).toContain(HOSTILE_NAME);
    expect(mail.parsed.text).toContain("Main Street 1");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;footer&quot;)&lt;/script&gt;");
    expect(html).toContain("Shop &quot;&lt;b&gt;Bold&lt;/b&gt;&quot; &amp; Sons");
    expect(
      headerNames?.filter(
        (name) =>
          ![
            "content-type",
            "from",
            "to",
            "subject",
            "message-id",
            "date",
            "mime-version",
            "reply-to",
          ].includes(name),
      ),
    ).toEqual([]);
  });

  it("is refused for an invoice with nothing to pay, and for the rest of one not waiting for it", async () => {
    const paid = await payableInvoice(`mail-paid-${Date.now()}`);
    await testDb.db.update(invoices).set({ status: "paid", isFinal: true }).where(eq(invoices.id, paid.id));
    await expect(queue(paid.id)).rejects.toThrow(/paid: there is nothing left to pay/);
    const open = await payableInvoice(`mail-open-${Date.now()}`);
    await expect(queue(open.id, "c@customer.example", "ask_for_rest")).rejects.toThrow(/underpaid/);
    const expired = await payableInvoice(`mail-expired-${Date.now()}`);
    await testDb.db
      .update(invoices)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invoices.id, expired.id));
    await expect(queue(expired.id)).rejects.toThrow(/expired/);
    expect(await testDb.db.select().from(outbox)).toHaveLength(0);
  });

  it(`sends at most ${MAX_MAIL_PER_INVOICE_PER_DAY} emails per invoice a day, and audits each`, async () => {
    const invoice = await payableInvoice(`mail-limit-${Date.now()}`);
    for (let i = 0; i < MAX_MAIL_PER_INVOICE_PER_DAY; i++) await queue(invoice.id, `c${i}@customer.example`);
    await expect(queue(invoice.id)).rejects.toThrow(/5 emails in the last 24 hours/);
    const audited = await testDb.db.select().from(auditLog).where(eq(auditLog.objectId, invoice.id));
    expect(audited.filter((entry) => entry.action === "invoice.emailed")).toHaveLength(
      MAX_MAIL_PER_INVOICE_PER_DAY,
    );
  });

  it("nothing leaves for an invoice paid between the request and the loop", async () => {
    const invoice = await payableInvoice(`mail-race-${Date.now()}`);
    await queue(invoice.id);
    await testDb.db
      .update(invoices)
      .set({ status: "paid", isFinal: true })
      .where(eq(invoices.id, invoice.id));
    expect(await deliver()).toMatchObject({ cancelled: 1, sent: 0 });
    expect(smtp.caught).toHaveLength(0);
  });
});
