import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, notifications, webhookEvents } from "@/lib/db/schema";
import { userActor } from "@/lib/audit/user-actor";
import type { ServiceClient, ServiceInvoice } from "@/lib/service";
import { parseWebhookBody, summariseWebhook } from "@/lib/webhooks/payload";
import { processWebhookEvent } from "@/lib/webhooks/process-event";
import { storeWebhookEvent } from "@/lib/webhooks/store-event";
import { openMoneyTestDb } from "@/test-support/money-rows";
import { listWaitingUnmatchedReports } from "./list-unmatched";
import { reviewUnmatchedReport } from "./review-unmatched";

const money = openMoneyTestDb();

/** The service as far as these reports need it: what each invoice id holds. */
function serviceHolding(invoices: Record<string, Partial<ServiceInvoice>>): ServiceClient {
  return {
    getInvoice: async (id: string) => {
      const invoice = invoices[id];
      if (!invoice) throw new Error(`no invoice ${id}`);
      return invoice as ServiceInvoice;
    },
  } as ServiceClient;
}

/** A verified webhook, stored and processed as the receiver does; its stored outcome. */
async function deliver(body: Record<string, unknown>, client: ServiceClient = serviceHolding({})) {
  const rawBody = JSON.stringify(body);
  const payload = parseWebhookBody(rawBody);
  if (!payload) throw new Error("unparseable test body");
  const { id } = await storeWebhookEvent(money.db, {
    rawBody,
    payload,
    verified: true,
    signingKey: "current",
    signatureForm: "php",
    summary: summariseWebhook(payload),
  });
  await processWebhookEvent(money.db, client, id);
  const [event] = await money.db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
  return event;
}

const waiting = async (orderId: string) =>
  (await listWaitingUnmatchedReports(money.db)).filter((row) => row.orderId === orderId);

describe("issue 34 case 5: a verified report for an order id Paydesk never made", () => {
  it("a paid payout Paydesk never made is a conflict on finance's worklist with its amount, and finance is told once", async () => {
    const orderId = `wd_stranger_${Date.now()}`;
    const report = {
      type: "withdrawal",
      withdrawal_id: "w-x",
      order_id: orderId,
      amount: "30",
      currency: "USDT",
      network: "TRON",
    };
    const event = await deliver({ ...report, status: "process" });
    expect(event).toMatchObject({ outcome: "conflict" });
    await deliver({ ...report, status: "paid", txid: "tx-stranger" });

    const rows = await waiting(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ resource: "withdrawal", currency: "USDT" });
    expect(rows[0]?.what).toBe(
      `The service reports a payout ${orderId} of 30 USDT on TRON (paid out), which Paydesk never made.`,
    );
    const told = await money.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, "report.unmatched"), eq(notifications.objectId, rows[0]?.id ?? "")));
    expect(told.map((row) => row.userId).sort()).toEqual(
      [money.people.finance1, money.people.finance2, money.people.finance3].sort(),
    );
  });

  it("a paid invoice Paydesk never made is on the worklist with what the service says it received; one with no money is only noted", async () => {
    const paid = `inv_stranger_${Date.now()}`;
    const empty = `inv_empty_${Date.now()}`;
    const client = serviceHolding({
      "svc-paid": {
        id: "svc-paid",
        status: "paid",
        paidCryptoAmount: "25.5",
        currency: "USDT",
        network: "BSC",
      },
      "svc-empty": {
        id: "svc-empty",
        status: "pending",
        paidCryptoAmount: "0",
        currency: "USDT",
        network: "BSC",
      },
    });
    expect(
      await deliver({ type: "invoice", invoice_id: "svc-paid", order_id: paid, status: "paid" }, client),
    ).toMatchObject({
      outcome: "conflict",
    });
    expect(
      await deliver({ type: "invoice", invoice_id: "svc-empty", order_id: empty, status: "pending" }, client),
    ).toMatchObject({
      outcome: "unknown_order",
    });
    expect((await waiting(paid))[0]?.what).toBe(
      `The service reports 25.5 USDT on BSC received for invoice ${paid} (paid in full), which Paydesk never made.`,
    );
    expect(await waiting(empty)).toEqual([]);
  });

  it("a person in finance looks into it and says what they found: it leaves the worklist, and the audit log keeps the note", async () => {
    const orderId = `wd_reviewed_${Date.now()}`;
    await deliver({
      type: "withdrawal",
      withdrawal_id: "w-r",
      order_id: orderId,
      status: "paid",
      amount: "7",
    });
    const [row] = await waiting(orderId);
    if (!row) throw new Error("not on the worklist");
    const actor = { ...(await userActor(money.db, money.people.finance1)), userId: money.people.finance1 };

    await reviewUnmatchedReport(money.db, actor, {
      reportId: row.id,
      note: "Our other shop shares the account.",
    });

    expect(await waiting(orderId)).toEqual([]);
    const entries = await money.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "webhook.unmatched_reviewed"));
    expect(entries.filter((entry) => entry.note === "Our other shop shares the account.")).toHaveLength(1);
    await expect(
      reviewUnmatchedReport(money.db, actor, { reportId: row.id, note: "Again." }),
    ).rejects.toThrow(/already/);

    // A later report of the same order starts a new row on the worklist.
    await deliver({
      type: "withdrawal",
      withdrawal_id: "w-r",
      order_id: orderId,
      status: "fail",
      amount: "7",
    });
    expect(await waiting(orderId)).toHaveLength(1);
  });
});
