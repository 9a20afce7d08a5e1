import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, webhookEvents } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { InvoiceRefresher } from "@/lib/jobs/invoice-refresher";
import type { CreateInvoiceInput } from "@/lib/service/schemas";
import { readInvoice, startSandboxRig, type SandboxRig } from "@/test-support/sandbox-rig";
import { seedUser } from "@/test-support/fake-service";

// Every way an invoice ends, against the real sandbox over HTTP: first kept current by webhooks
// alone (the loop never runs), then with webhooks switched off, by the background loop alone.
type Step = { pay: string } | { expire: true };
interface Scenario {
  name: string;
  input: Partial<CreateInvoiceInput>;
  steps: { step: Step; status: string }[];
}

const SCENARIOS: Scenario[] = [
  { name: "paid in full", input: {}, steps: [{ step: { pay: "10" }, status: "paid" }] },
  {
    name: "paid within accuracy",
    input: { accuracyPaymentPercent: 2 },
    steps: [{ step: { pay: "9.85" }, status: "paid" }],
  },
  {
    name: "underpaid, then topped up by several payments",
    input: { isPaymentMultiple: true },
    steps: [
      { step: { pay: "4" }, status: "underpaid" },
      { step: { pay: "3" }, status: "underpaid" },
      { step: { pay: "3" }, status: "paid" },
    ],
  },
  { name: "overpaid", input: {}, steps: [{ step: { pay: "12.5" }, status: "overpaid" }] },
  { name: "expired", input: {}, steps: [{ step: { expire: true }, status: "expired" }] },
];

let testDb: TestDb;
let rig: SandboxRig;

beforeAll(async () => {
  testDb = await createTestDb();
  rig = await startSandboxRig(testDb.db, await seedUser(testDb.db));
});
afterAll(async () => {
  await rig.close();
  await testDb.close();
});

async function act(serviceId: string, step: Step) {
  if ("pay" in step) {
    await rig.control("POST", `/invoices/${serviceId}/payments`, {
      amount: step.pay,
      currency: "USDT",
      network: "TRON",
    });
  } else {
    await rig.control("POST", `/invoices/${serviceId}/expire`);
  }
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

async function startScenario(scenario: Scenario) {
  const invoice = await rig.createInvoice({
    amount: "10",
    currency: "USDT",
    network: "TRON",
    ...scenario.input,
  });
  expect(invoice).toMatchObject({ status: "open", cryptoAmount: "10" });
  if (!invoice.serviceId) throw new Error("the invoice was not created");
  return { id: invoice.id, serviceId: invoice.serviceId };
}

describe("keeping invoices current through webhooks alone", () => {
  it.each(SCENARIOS)("$name", async (scenario) => {
    const { id, serviceId } = await startScenario(scenario);
    for (const { step, status } of scenario.steps) {
      const before = rig.received();
      await act(serviceId, step);
      await eventually(async () => rig.received() > before, "the webhook");
      await rig.settle();
      await eventually(async () => (await readInvoice(testDb.db, id)).status === status, status);
    }
    const events = await testDb.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.orderId, (await readInvoice(testDb.db, id)).orderId));
    expect(events.every((event) => event.verified && event.signatureForm === "php")).toBe(true);
    expect(events.some((event) => event.outcome === "refreshed")).toBe(true);
  });
});

describe("keeping invoices current through the loop alone", () => {
  const refresher = () => new InvoiceRefresher({ db: testDb.db, client: () => rig.client });

  beforeAll(async () => {
    await rig.control("PUT", "/merchant", { webhook_url: null });
  });

  it.each(SCENARIOS)("$name", async (scenario) => {
    const receivedBefore = rig.received();
    const { id, serviceId } = await startScenario(scenario);
    for (const { step, status } of scenario.steps) {
      await act(serviceId, step);
      await testDb.db
        .update(invoices)
        .set({ nextRefreshAt: new Date(Date.now() - 1000) })
        .where(eq(invoices.id, id));
      const report = await refresher().runOnce();
      expect(report.refreshed).toBeGreaterThanOrEqual(1);
      expect((await readInvoice(testDb.db, id)).status).toBe(status);
    }
    const final = await readInvoice(testDb.db, id);
    expect(final.isFinal).toBe(true);
    // Paid and overpaid are settled; an expired invoice is still polled (a late payment may come).
    expect(final.nextRefreshAt === null).toBe(final.status !== "expired");
    expect(rig.received()).toBe(receivedBefore);
  });
});
