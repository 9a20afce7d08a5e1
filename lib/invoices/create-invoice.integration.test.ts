import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { startSandboxOnCopiedPglite } from "@/lib/sandbox/test/sandbox-on-copied-pglite";
import { createServiceClient, type ServiceClient } from "@/lib/service";
import { createUser } from "@/lib/users/manage-users";
import { recordInvoiceIntent, sendInvoice } from "./create-invoice";
import { getInvoiceDetail } from "./invoice-detail";

const KEYS = { invoiceKey: "it-invoice-key", withdrawalKey: "it-withdrawal-key" };
let testDb: TestDb;
let sandbox: Awaited<ReturnType<typeof startSandboxOnCopiedPglite>>;
let userId: string;

beforeAll(async () => {
  testDb = await createTestDb();
  sandbox = await startSandboxOnCopiedPglite({ port: 0, demoMerchant: KEYS });
  userId = (
    await createUser(testDb.db, {
      email: "s@example.com",
      name: "S",
      role: "support",
      password: "a-long-password-1",
    })
  ).id;
});
afterAll(async () => {
  await sandbox.close();
  await testDb.close();
});

const client = () =>
  createServiceClient({
    baseUrl: sandbox.url,
    ...KEYS,
    retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
  });
const faults = (body: object | null) =>
  fetch(`${sandbox.url}/control/faults`, {
    method: body ? "POST" : "DELETE",
    headers: { Authorization: `Bearer ${KEYS.invoiceKey}`, "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });

/** An invoice made at the service under this order id (not by Paydesk), then paid in full there. */
async function heldAndPaidAtTheService(request: Parameters<ServiceClient["createInvoice"]>[0]) {
  const held = await client().createInvoice(request);
  const paid = await fetch(`${sandbox.url}/control/invoices/${held.id}/payments`, {
    method: "POST",
    headers: { Authorization: `Bearer ${KEYS.invoiceKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ amount: held.cryptoAmount, currency: "USDT", network: "TRON" }),
  });
  expect(paid.ok).toBe(true);
  return held;
}

describe("creating an invoice: intent first, then the service", () => {
  it("records the intent, sends it, and stores what the service answered", async () => {
    const row = await recordInvoiceIntent(
      testDb.db,
      { orderId: "inv_it_1", amount: "10.00", fiatCurrency: "EUR" },
      userId,
    );
    expect(row.creationState).toBe("sending");
    const outcome = await sendInvoice(testDb.db, client(), row.id, userId);
    expect(outcome).toMatchObject({
      ok: true,
      invoice: { creationState: "created", status: "open", serviceStatus: "pending" },
    });
  });

  it("takes one call for a new invoice: nothing paid yet is pending, no read needed", async () => {
    const calls = { reads: 0 };
    const counting = client();
    const getInvoice = counting.getInvoice.bind(counting);
    const watched = { ...counting, getInvoice: (id: string) => (calls.reads++, getInvoice(id)) };
    const row = await recordInvoiceIntent(
      testDb.db,
      { orderId: "inv_it_one_call", amount: "12.00", fiatCurrency: "USD", currency: "USDT", network: "TRON" },
      userId,
    );
    const outcome = await sendInvoice(testDb.db, watched, row, userId);
    expect(outcome).toMatchObject({
      ok: true,
      invoice: { status: "open", serviceStatus: "pending", currency: "USDT", network: "TRON" },
    });
    expect(calls.reads).toBe(0);
  });

  it("reads back an invoice the service already held with money on it, and shows its real state", async () => {
    const request = {
      orderId: "inv_it_held",
      amount: "10.00",
      fiatCurrency: "USD",
      currency: "USDT",
      network: "TRON",
    };
    await heldAndPaidAtTheService(request);
    const row = await recordInvoiceIntent(testDb.db, request, userId);
    const outcome = await sendInvoice(testDb.db, client(), row, userId);
    expect(outcome).toMatchObject({ ok: true, invoice: { status: "paid" } });
  });

  it("issue 34 case 6: an invoice the service already held with money on it is Paid with a note, never silently", async () => {
    const request = {
      orderId: "inv_it_typed_held",
      amount: "20.00",
      fiatCurrency: "USD",
      currency: "USDT",
      network: "TRON",
    };
    const held = await heldAndPaidAtTheService(request);
    const row = await recordInvoiceIntent(testDb.db, request, userId);
    await sendInvoice(testDb.db, client(), row, userId);

    const detail = await getInvoiceDetail(testDb.db, row.id);
    expect(detail).toMatchObject({ status: "paid", heldBefore: { paidCryptoAmount: held.cryptoAmount } });
    const created = detail?.events.find((event) => event.kind === "created");
    expect(String((created?.detail as { mismatch?: unknown }).mismatch)).toMatch(
      /already had an invoice with this order id, with money on it before Paydesk sent this one/,
    );
  });

  it("an invoice the service made for this very call carries no such note", async () => {
    const row = await recordInvoiceIntent(
      testDb.db,
      { orderId: "inv_it_fresh_note", amount: "5.00", fiatCurrency: "EUR" },
      userId,
    );
    await sendInvoice(testDb.db, client(), row, userId);
    expect(await getInvoiceDetail(testDb.db, row.id)).toMatchObject({ heldBefore: null });
  });

  it("keeps the row and its order id when the service is down, and a retry creates exactly one invoice", async () => {
    const row = await recordInvoiceIntent(
      testDb.db,
      { orderId: "inv_it_2", amount: "5", fiatCurrency: "USD" },
      userId,
    );
    await faults({ error_rate: 1 });
    const failed = await sendInvoice(testDb.db, client(), row.id, userId);
    await faults(null);
    expect(failed).toMatchObject({ ok: false, retryable: true });
    const again = await recordInvoiceIntent(
      testDb.db,
      { orderId: "inv_it_2", amount: "5", fiatCurrency: "USD" },
      userId,
    );
    expect(again.id).toBe(row.id);
    const sent = await sendInvoice(testDb.db, client(), row.id, userId);
    expect(sent.ok).toBe(true);
    expect(await testDb.db.select().from(invoices).where(eq(invoices.orderId, "inv_it_2"))).toHaveLength(1);
  });

  it("a dropped connection after the service committed ends with the same single invoice on retry", async () => {
    const row = await recordInvoiceIntent(
      testDb.db,
      { orderId: "inv_it_3", amount: "7", fiatCurrency: "USD" },
      userId,
    );
    await faults({ drop_after_commit_rate: 1 });
    const failed = await sendInvoice(testDb.db, client(), row.id, userId);
    await faults(null);
    expect(failed.ok).toBe(false);
    const sent = await sendInvoice(testDb.db, client(), row.id, userId);
    expect(sent.ok && sent.invoice.serviceId).toBeTruthy();
    const firstServiceId = sent.ok ? sent.invoice.serviceId : null;
    const repeat = await client().createInvoice({ orderId: "inv_it_3", amount: "7", fiatCurrency: "USD" });
    expect(repeat.id).toBe(firstServiceId);
  });

  it("maps the service's 422 onto fields and marks the row refused", async () => {
    const row = await recordInvoiceIntent(
      testDb.db,
      { orderId: "inv_it_4", amount: "5", fiatCurrency: "XXX" },
      userId,
    );
    const outcome = await sendInvoice(testDb.db, client(), row.id, userId);
    expect(outcome).toMatchObject({
      ok: false,
      retryable: false,
      fieldErrors: { fiatCurrency: [expect.any(String)] },
    });
    const [stored] = await testDb.db.select().from(invoices).where(eq(invoices.id, row.id));
    expect(stored?.creationState).toBe("rejected");
  });

  it("never takes over another person's unconfirmed invoice", async () => {
    const other = await createUser(testDb.db, {
      email: "o@example.com",
      name: "O",
      role: "support",
      password: "a-long-password-1",
    });
    await recordInvoiceIntent(testDb.db, { orderId: "inv_it_5", amount: "5", fiatCurrency: "USD" }, userId);
    await expect(
      recordInvoiceIntent(testDb.db, { orderId: "inv_it_5", amount: "500", fiatCurrency: "USD" }, other.id),
    ).rejects.toThrow(/already used/);
    const [stored] = await testDb.db.select().from(invoices).where(eq(invoices.orderId, "inv_it_5"));
    expect(stored).toMatchObject({ amount: "5", createdBy: userId });
  });

  it("never reuses the order id of an invoice the service confirmed", async () => {
    await expect(
      recordInvoiceIntent(testDb.db, { orderId: "inv_it_1", amount: "99", fiatCurrency: "EUR" }, userId),
    ).rejects.toThrow(/already used/);
  });

  it("an invoice whose outcome is unknown is sent again only as it was, never edited", async () => {
    const asked = { orderId: "inv_it_6", amount: "15", fiatCurrency: "EUR" };
    const row = await recordInvoiceIntent(testDb.db, asked, userId);
    await faults({ drop_after_commit_rate: 1 });
    expect((await sendInvoice(testDb.db, client(), row.id, userId)).ok).toBe(false);
    await faults(null);
    // The service holds a 15 EUR invoice under this order id: 150 must not be recorded for it.
    await expect(recordInvoiceIntent(testDb.db, { ...asked, amount: "150" }, userId)).rejects.toThrow(
      /only be sent again exactly as it was/,
    );
    expect((await recordInvoiceIntent(testDb.db, asked, userId)).id).toBe(row.id);
    const sent = await sendInvoice(testDb.db, client(), row.id, userId);
    expect(sent).toMatchObject({ ok: true, invoice: { amount: "15", fiatCurrency: "EUR" } });
  });

  it("the same form submitted twice after it was created gives back the one invoice", async () => {
    const asked = { orderId: "inv_it_7", amount: "12", fiatCurrency: "USD" };
    const first = await recordInvoiceIntent(testDb.db, asked, userId);
    expect((await sendInvoice(testDb.db, client(), first.id, userId)).ok).toBe(true);
    const second = await recordInvoiceIntent(testDb.db, asked, userId);
    expect(second).toMatchObject({ id: first.id, creationState: "created" });
    expect(await testDb.db.select().from(invoices).where(eq(invoices.orderId, "inv_it_7"))).toHaveLength(1);
  });

  it("stores and shows the amount the service holds, flagging what was asked", async () => {
    // The service already has inv_it_8 for 15 EUR (made elsewhere); a refused local edit asks 150.
    await client().createInvoice({ orderId: "inv_it_8", amount: "15", fiatCurrency: "EUR" });
    const row = await recordInvoiceIntent(
      testDb.db,
      { orderId: "inv_it_8", amount: "150", fiatCurrency: "EUR" },
      userId,
    );
    const sent = await sendInvoice(testDb.db, client(), row.id, userId);
    expect(sent).toMatchObject({ ok: true, invoice: { amount: "15", fiatCurrency: "EUR" } });
    const detail = await getInvoiceDetail(testDb.db, row.id);
    expect(detail).toMatchObject({ amount: "15", askedDiffers: { amount: "150", fiatCurrency: "EUR" } });
  });
});
