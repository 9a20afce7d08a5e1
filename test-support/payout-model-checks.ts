import Decimal from "decimal.js";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { invoiceResolutions, invoices, type Withdrawal } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { exceptionKind } from "@/lib/exceptions/exception-status";
import { listPayoutsNeedingAttention } from "@/lib/withdrawals/attention";
import { FINAL_STATES, NEEDS_A_PERSON, type WithdrawalState } from "@/lib/withdrawals/state-machine";
import type { FakePayoutService } from "./fake-payout-service";
import type { ServiceInvoiceModel } from "./invoice-service-model";
import type { ReachedStates } from "./model-runs";
import {
  booksBalance,
  type BooksMark,
  type ChainWatch,
  entriesSince,
  exceptionOpenWhileUnsettled,
  ledgerCheckFindsNothing,
  refundsWithinReceived,
} from "./money-invariants";
import { MAY_STILL_SEND, NEVER_SENT, type PaydeskKnowledge, willNeverPay } from "./payout-model";

/*
 * The checks the payouts model test (lib/withdrawals/payouts.model.db.test.ts, whose header states
 * each rule) makes after every step, over one run's rows.
 */

/** What a check reads of one run. */
export interface RunView {
  db: Db;
  invoiceId: string;
  service: FakePayoutService;
  /** The service's side of the invoice: what it received. */
  model: ServiceInvoiceModel;
  knowledge: PaydeskKnowledge;
  chains: ChainWatch;
  /** Payouts the fake service created while an earlier one of their chain may have been paid. */
  createdTooSoon: string[];
  /** The books as they were before the run. */
  books: BooksMark;
  /** Each payout's state as the last check saw it (written here). */
  states: Map<string, WithdrawalState>;
  reached: ReachedStates;
  /** The step being checked. */
  at: number;
}

/** Rules 1 to 5 (the test's header), over this run's rows. */
export async function checkPayouts(run: RunView, rows: Withdrawal[]): Promise<void> {
  const { db, invoiceId, service, model, knowledge, states } = run;
  const held = (orderId: string) => service.payouts.get(orderId)?.status;
  const waitsForAPerson = (row: Withdrawal) =>
    NEEDS_A_PERSON.includes(row.state) || (row.state === "closed" && !row.nothingSentAt);
  const worklist = rows.some(waitsForAPerson)
    ? new Set((await listPayoutsNeedingAttention(db, 1_000)).map((entry) => entry.id))
    : new Set<string>();
  let mayPay = new Decimal(0);
  for (const row of rows) {
    states.set(row.id, row.state);
    const there = held(row.orderId);
    const name = `${row.orderId} (${row.state})`;
    if (row.refundOfInvoiceId === invoiceId && !service.flipped.has(row.orderId)) {
      const serviceMayPay = there !== undefined && !willNeverPay(there);
      if (serviceMayPay || MAY_STILL_SEND.includes(row.state)) mayPay = mayPay.plus(row.amount ?? 0);
    }
    const contradiction = knowledge.contradiction(row.orderId, row.state);
    if (contradiction) {
      expect.fail(`${name} contradicts what Paydesk was told: ${contradiction}`);
    }
    if (there && NEVER_SENT.includes(row.state)) {
      expect.fail(`${name} is taken for never sent, but the service holds it (${there})`);
    }
    if (row.state === "approved" || row.state === "awaiting_approval") continue;
    if (row.state === "submitting" || row.state === "unknown") {
      expect(row.nextSubmitAt, `${name} has no next attempt`).not.toBeNull();
    } else if (row.state === "submitted") {
      expect(row.staleAt, `${name} has no stale deadline`).not.toBeNull();
    } else if (waitsForAPerson(row)) {
      expect(worklist.has(row.id), `${name} is not on finance's worklist`).toBe(true);
    } else {
      expect(FINAL_STATES, `${name} has no next step`).toContain(row.state);
    }
    if (!knowledge.isLastWord(row.orderId, row.serviceStatus)) {
      expect.fail(
        `${name} does not store the service's last word: ${row.serviceStatus ?? "none"} stored, ${knowledge.heardOf(row.orderId)?.status ?? "none"} told`,
      );
    }
  }
  expect(
    mayPay.lte(model.paid),
    `refunds that were or may be paid (${mayPay.toFixed()}) exceed what the invoice received (${model.paid.toFixed()})`,
  ).toBe(true);
  const sent = new Map<string, Set<string>>();
  for (const call of service.calls) {
    const terms = sent.get(call.orderId) ?? new Set<string>();
    terms.add(`${call.address} ${call.amount ?? call.fiatAmount}`);
    sent.set(call.orderId, terms);
  }
  for (const [orderId, terms] of sent) {
    expect([...terms], `${orderId} was sent with different terms`).toHaveLength(1);
  }
}

/** Rules 6 to 10: the money invariants. */
export async function checkMoney(run: RunView, rows: Withdrawal[]): Promise<void> {
  const { db, invoiceId, service, chains, createdTooSoon, books, at } = run;
  const flipped = new Set(rows.filter((row) => service.flipped.has(row.orderId)).map((row) => row.id));
  // The invoice and its refunds came after the mark: its entries are among the run's.
  const entries = await entriesSince(db, books);
  const invoiceEntries = entries.filter((entry) => entry.invoiceId === invoiceId);
  const broken: Record<string, string[]> = {
    "the books balance": await booksBalance(db, books, entries),
    "refunds paid or possibly paid stay within what the invoice received": await refundsWithinReceived(
      db,
      invoiceId,
      flipped,
      invoiceEntries,
    ),
    "one payment per obligation across a resend chain": [...chains.check(rows, at), ...createdTooSoon],
    "an exception is open exactly when its stake is not settled": await exceptionOpenWhileUnsettled(
      db,
      invoiceId,
      invoiceEntries,
    ),
    "ledger:check finds no difference": await ledgerCheckFindsNothing(db),
  };
  const failing = Object.entries(broken).filter(([, problems]) => problems.length > 0);
  if (failing.length > 0) {
    expect.fail(
      failing.map(([invariant, problems]) => `${invariant}:\n- ${problems.join("\n- ")}`).join("\n"),
    );
  }
}

/** What this run reached, for PAYDESK_MODEL_STATS. */
export async function noteReached(run: RunView, rows: Withdrawal[]): Promise<void> {
  const { db, invoiceId, reached } = run;
  for (const row of rows) {
    reached.saw(`a payout ${row.state}`);
    if (row.resendOfWithdrawalId) reached.saw("a resend chain");
    if (row.state === "failed" || row.state === "service_failed") reached.saw("a failure");
  }
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const kind = invoice ? exceptionKind(invoice) : null;
  reached.saw(kind ? `an exception: ${kind}` : `no exception (${invoice?.status})`);
  const resolutions = await db
    .select()
    .from(invoiceResolutions)
    .where(eq(invoiceResolutions.invoiceId, invoiceId));
  for (const resolution of resolutions) {
    reached.saw(`resolved: ${resolution.kind}`);
    if (resolution.reopenedAt) reached.saw("a resolution reopened");
  }
}
