import { and, eq, inArray, or } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRuleError } from "@/lib/auth/rule-error";
import {
  invoiceResolutions,
  invoices,
  settings,
  unmatchedReports,
  withdrawalApprovals,
  withdrawals,
  type Withdrawal,
} from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { resolveException } from "@/lib/exceptions/resolve-exception";
import { readAndApplyInvoice } from "@/lib/invoices/refresh-invoice";
import { WithdrawalResubmitter } from "@/lib/jobs/withdrawal-resubmitter";
import { requestRefund } from "@/lib/refunds/request-refund";
import { FakePayoutService, type CreationOutcome, type FeeReport } from "@/test-support/fake-payout-service";
import { FakeService, seedInvoice } from "@/test-support/fake-service";
import { ServiceInvoiceModel } from "@/test-support/invoice-service-model";
import { ChainWatch, entriesSince, markBooks } from "@/test-support/money-invariants";
import { recordPaidByTwo, refundForm, seedMoneyPeople, withdrawalById } from "@/test-support/money-rows";
import { PaydeskKnowledge, willNeverPay, wordOf } from "@/test-support/payout-model";
import { checkMoney, checkPayouts, noteReached } from "@/test-support/payout-model-checks";
import {
  COINS,
  MEANT_FOR,
  plans,
  runs,
  type Plan,
  type RunStart,
  STARTS,
  type OnPayout,
  type ServiceMove,
  type Step,
  type Who,
} from "@/test-support/payout-model-steps";
import {
  checkModel,
  MODEL_RUNS,
  MODEL_TIMEOUT_MS,
  PRINT_STATS,
  ReachedStates,
} from "@/test-support/model-runs";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { deliverVerifiedWebhook, webhookBody } from "@/test-support/webhook-delivery";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { applyServiceReport, type ServiceReport } from "./apply-service-report";
import { closeWithdrawal, confirmNothingSent, declineClose } from "./close";
import { approveWithdrawal, cancelWithdrawal, rejectWithdrawal } from "./decide";
import { requestWithdrawal } from "./request-withdrawal";
import { keepRetrying } from "./review";
import { sendAgain } from "./send-again";
import { NEEDS_A_PERSON, type WithdrawalState } from "./state-machine";
import { MAX_SUBMIT_ATTEMPTS, submitWithdrawal } from "./submit-withdrawal";
import { THRESHOLD_KEY } from "./threshold-setting";

/*
 * Model-based: one invoice that received money (in USDT, or in ETH with amounts finer than the
 * coin carries), refunds of it and ordinary payouts, driven through random interleavings of what
 * people, the loop, the service and the customer do: request (some refunds over the cap, some
 * with the fee taken from the amount), approve (and send at once, as the page does), reject,
 * cancel, send with an outcome (accepted, timeout after or before the service committed it,
 * refused with 422, the process dying while it waits, an answer naming another payout, a payout
 * committed with another amount), the loop's round (after its due times pass; sometimes a day,
 * sometimes after a long outage), the service moving a payout it holds (process → check → paid |
 * fail | cancel | system_fail; paid with its fee, what the recipient received, or both), paying
 * one it had reported failed and failing one it had reported paid, its reports delivered through
 * the webhook route or as the loop applies them, in any order, any number of times or never,
 * reports about order ids Paydesk never made, closing (one person, or a proposal and a second
 * person's confirmation), declining, keep retrying, record paid, send again (resend chains),
 * customer payments (the rest, more, a little, less than the coin carries; after refunds too),
 * expiry, and resolutions. A rule a person breaks
 * is refused with a RuleError: a legitimate outcome. Most steps "advance" one payout as its state
 * asks (approve and send it, the service's word on it, send it again after a failure, what finance
 * does with one that needs a person), so that most runs reach failures, resend chains and
 * conflicts; PAYDESK_MODEL_STATS=1 prints how many did.
 *
 * People read the service's back office truthfully: they record a payout paid only when the
 * service holds it paid, and confirm nothing was sent only when it holds nothing or a failure
 * (otherwise they decline the proposal). One exception, "mistake": for an ordinary payout (never
 * a refund: that would break the cap by a person's error, which no code can prevent), two people
 * may close it while the service still processes it; one Paydesk was told was paid must be refused
 * (the way out is Record paid).
 *
 * After every step, over this run's rows:
 * 1. Refunds the service paid or may still pay never exceed what the invoice received (in its
 *    currency). May still pay: the service holds the order id as process, check or paid, or
 *    Paydesk may still send it (awaiting_approval, approved, submitting, unknown, needs_review,
 *    failed: a refused one may go again with its order id). A refund the service paid after it had
 *    reported it failed is the service's double word, not counted (it is a conflict: rule 2).
 * 2. No payout contradicts what Paydesk was told, unless it is a conflict (on the worklist). Told:
 *    the service's highest-ranked status delivered (reports, creation answers; process < check <
 *    final; a final one is never replaced), and a person's word from the back office (record
 *    paid: "paid"; close of a failed one, confirm nothing sent, send again: "nothing sent").
 *    - The service said it paid and that it failed (it changed its mind; its reports come in any
 *      order): a conflict, unless a person settled it from the back office (recorded it paid, or
 *      confirmed nothing was sent) and no other word was heard after that.
 *    - submitting is in flight: its submitter, or the loop after its lease, settles what came in.
 *    - The service said paid: only paid.
 *    - The service said fail, cancel or system_fail: only service_failed or closed, or paid once a
 *      person recorded it paid after that (the service paid it after all).
 *    - paid needs the service's "paid" or a person's; service_failed the service's failure.
 *    - Nothing said yet: anything but paid (unless a person said so) and service_failed.
 *    - The service said process or check: not a never-sent state (awaiting_approval, approved,
 *      rejected, cancelled, failed); closed only if a person said nothing was sent after that
 *      status was news (a later status is news the closing did not know: a conflict).
 *    And a payout the service holds is never taken for one that was not sent (a never-sent state):
 *    whatever the service said, or did not say.
 * 3. Every payout that is not final has a next step: approved (the loop sends it after a minute),
 *    submitting (next_submit_at), submitted (stale_at), unknown (next_submit_at),
 *    awaiting_approval (the approval queue); failed, service_failed, needs_review, conflict, and
 *    closed without nothing_sent_at, on finance's worklist (listPayoutsNeedingAttention).
 * 4. Each order id went to the service with one address and one amount.
 * 5. Paydesk stores the service's last word for each order id: its highest-ranked status, or any
 *    final one it told when final words disagree (the service's own, or the service's and a
 *    person's from the back office). Every report delivered was applied or became a conflict,
 *    none was dropped; a report about an order id Paydesk never made is on finance's worklist (a
 *    payout, or an invoice with money) and moves nothing in the books.
 * And the money invariants (test-support/money-invariants.ts, each stated there):
 * 6. The books balance.
 * 7. Refunds paid or possibly paid stay within what the invoice received, by the ledger.
 * 8. One payment per obligation across a resend chain.
 * 9. An exception is open exactly when its stake is not settled.
 * 10. `npm run ledger:check` finds no difference.
 *
 * PAYDESK_MODEL_RUNS sets the number of runs (200 by default; `npm run test:models` runs 5,000);
 * PAYDESK_MODEL_SEED and PAYDESK_MODEL_PATH replay one; PAYDESK_MODEL_STATS=1 prints how many
 * runs reached each state (what the weights of the steps are tuned on).
 */
const THIS_FILE = "lib/withdrawals/payouts.model.db.test.ts";

interface Payout {
  id: string;
  orderId: string;
  requestedBy: string;
}

const REFUSED = Symbol("refused");

/** Payouts nothing more happens to by themselves (a closed one may still be reported paid). */
const OVER: readonly WithdrawalState[] = ["rejected", "cancelled", "paid", "closed"];

/**
 * A person's action, or REFUSED when the rules refuse it (a RuleError); anything else fails the
 * run. A refused action's transaction is rolled back: a step that was only that changed nothing.
 */
async function attempt<T>(action: () => Promise<T>): Promise<T | typeof REFUSED> {
  try {
    return await action();
  } catch (error) {
    if (isRuleError(error)) return REFUSED;
    throw error;
  }
}

let testDb: TestDb;
let people: { support: string; finance: string[] };
let runCount = 0;
const reached = new ReachedStates();

beforeAll(async () => {
  testDb = await createTestDb();
  const seeded = await seedMoneyPeople(testDb.db);
  people = { support: seeded.support, finance: [seeded.finance1, seeded.finance2, seeded.finance3] };
});
afterAll(async () => {
  if (PRINT_STATS) {
    console.log(`What the runs reached:\n${reached.summary()}`);
    const lines: string[] = [];
    const acts = (commands: Iterable<unknown>) => [
      ...new Set([...commands].map((command) => (JSON.parse(String(command)) as Step).act)),
    ];
    fc.statistics(plans, acts, { numRuns: 1_000, logger: (line) => lines.push(line) });
    console.log(`Plans with a step of each kind (fc.statistics):\n${lines.join("\n")}`);
  }
  await testDb.close();
});

/** Removes a run's rows (the books keep their entries: they are append-only), so ledger:check reads one run's. */
async function removeRun(db: Db, invoiceId: string, payoutIds: string[]) {
  await db.delete(invoiceResolutions).where(eq(invoiceResolutions.invoiceId, invoiceId));
  // Its refunds (known to the run or not: a step may fail before it notes one) and its ordinary
  // payouts; the invoice's id keeps the list from being empty.
  const theirs = or(
    eq(withdrawals.refundOfInvoiceId, invoiceId),
    inArray(withdrawals.id, [invoiceId, ...payoutIds]),
  );
  await db.delete(withdrawals).where(theirs);
  await db.delete(invoices).where(eq(invoices.id, invoiceId));
}

/** One run: the invoice and the first requests, then the plan, checking everything after each step. */
async function oneRun(
  { coin: coinName, start, twoApprovals, requests }: RunStart,
  plan: Plan,
): Promise<void> {
  const { db } = testDb;
  const tag = `model_${++runCount}`;
  const coin = COINS[coinName];
  const service = new FakePayoutService();
  const invoiceService = new FakeService();
  const model = new ServiceInvoiceModel(`svc_${tag}`, tag, coin);
  const startPayments = STARTS[coinName][start];
  for (const amount of startPayments.before) model.pay(amount);
  if (startPayments.expires) model.expire();
  for (const amount of startPayments.after) model.pay(amount);
  reached.startRun();
  reached.saw(`coin ${coinName}`);
  const refreshInvoice = async () => {
    invoiceService.set(model.serviceId, model.record());
    const refreshed = await readAndApplyInvoice(db, invoiceService, invoiceId, "loop");
    expect(refreshed.ok, "the invoice refresh failed").toBe(true);
  };
  const { id: invoiceId } = await seedInvoice(db, tag, { serviceId: model.serviceId, nextRefreshAt: null });
  const books = await markBooks(db);
  await refreshInvoice();
  await db.delete(settings).where(eq(settings.key, THRESHOLD_KEY));
  if (twoApprovals) {
    await db.insert(settings).values({ key: THRESHOLD_KEY, value: { amount: "0", fiatCurrency: "USD" } });
  }

  const payouts: Payout[] = [];
  const reports: ServiceReport[] = [];
  const delivered: { report: ServiceReport; result: string }[] = [];
  const knowledge = new PaydeskKnowledge();
  const chains = new ChainWatch();
  const createdTooSoon: string[] = [];
  service.beforeCommit = async (input) => {
    const problem = await chains.allowsCreation(db, input.orderId);
    if (problem) createdTooSoon.push(problem);
  };
  const trace: string[] = [];
  let at = 0;
  let answersHeard = 0;

  /** Each payout's state as the last check saw it. */
  const states = new Map<string, WithdrawalState>();
  /** One of the payouts in a state the action is meant for (none: the step finds nothing to do). */
  const pick = (index: number, meantFor: readonly WithdrawalState[]) => {
    const fitting = payouts.filter((known) => meantFor.includes(states.get(known.id) ?? "closed"));
    return fitting[index % Math.max(fitting.length, 1)];
  };
  const requesters = { support: people.support, finance: people.finance[0] as string };
  const person = (by: Who, target: Payout) => {
    if (by === "requester") return target.requestedBy;
    if (by === "support") return people.support;
    const others = people.finance.filter((id) => id !== target.requestedBy);
    return others[by === "finance" ? 0 : 1] as string;
  };
  /** Who approves: someone in finance approves what they have not approved yet (the requester and support try too). */
  const approver = async (by: Who, target: Payout) => {
    if (by !== "finance") return person(by, target);
    const approved = await db
      .select({ by: withdrawalApprovals.approverId })
      .from(withdrawalApprovals)
      .where(eq(withdrawalApprovals.withdrawalId, target.id));
    const others = people.finance.filter((id) => id !== target.requestedBy);
    return others.find((id) => !approved.some((row) => row.by === id)) ?? person(by, target);
  };
  const held = (orderId: string) => service.payouts.get(orderId)?.status;
  /** Runs a send or a loop round until it is over, or until its call will never answer. */
  const untilOverOrHung = async <T>(work: Promise<T>): Promise<T | "hung"> => {
    const hung = new Promise<"hung">((resolve) => (service.onHang = () => resolve("hung")));
    try {
      return await Promise.race([work, hung]);
    } finally {
      service.onHang = null;
    }
  };
  const adopt = (row: Withdrawal) => {
    if (!payouts.some((known) => known.id === row.id)) {
      payouts.push({ id: row.id, orderId: row.orderId, requestedBy: row.requestedBy });
    }
  };
  const send = async (target: Payout, actorId: string, next: CreationOutcome) => {
    service.next.splice(0, service.next.length, next);
    const outcome = await untilOverOrHung(
      submitWithdrawal(db, service, target.id, { actorId, source: "user" }),
    );
    service.next.length = 0;
    return outcome === "hung" ? "hung" : outcome.result;
  };
  /** A report, through the webhook route or as the loop applies it; what came of it. */
  const deliver = async (report: ServiceReport, throughWebhook: boolean) => {
    let result: string;
    if (throughWebhook) {
      const there = service.payouts.get(report.orderId);
      const body = webhookBody({
        type: "withdrawal",
        withdrawal_id: report.serviceId,
        order_id: report.orderId,
        status: report.status,
        amount: report.amount,
        address: there?.address,
        currency: there?.currency,
        network: there?.network,
        fee: report.fee,
        payout_amount: report.payoutAmount,
        txid: report.txid,
      });
      const handled = await deliverVerifiedWebhook(db, invoiceService, body);
      if (handled === "duplicate") return idle("the same webhook again: taken once");
      expect(handled.outcome, `the webhook for ${report.orderId} failed: ${handled.detail}`).not.toBe(
        "failed",
      );
      const unmatched = await db
        .select({ id: unmatchedReports.id })
        .from(unmatchedReports)
        .where(eq(unmatchedReports.orderId, report.orderId));
      expect(unmatched, `a report for ${report.orderId} found no payout`).toEqual([]);
      result = handled.outcome;
    } else {
      const applied = await applyServiceReport(db, report, "webhook");
      expect(applied.kind, `a report for ${report.orderId} found no payout`).not.toBe("not_found");
      result = applied.kind;
    }
    knowledge.hear(report.orderId, report.status, at);
    delivered.push({ report, result });
    if (report.fee || report.payoutAmount) reached.saw("a paid report with its fee");
    return `${report.orderId} ${report.status}${report.fee ? ` fee ${report.fee}` : ""}${report.payoutAmount ? ` received ${report.payoutAmount}` : ""}: ${result}`;
  };
  /** A step that found nothing to act on: nothing changed, so nothing is checked after it. */
  let idleStep = false;
  const idle = (what: string) => {
    idleStep = true;
    return what;
  };
  const perform = async (step: Step): Promise<string> => {
    switch (step.act) {
      case "request": {
        const by = requesters[step.by];
        const amount = coin.amounts[step.amount];
        const terms = {
          amount,
          currency: coin.currency,
          network: coin.network,
          address: coin.address,
          isSubtract: step.subtract,
        };
        const made = await attempt(() =>
          step.refund
            ? requestRefund(db, { ...refundForm(invoiceId, amount), ...terms }, by)
            : requestWithdrawal(db, openedWithdrawalForm(terms), by),
        );
        if (made !== REFUSED) adopt(made);
        if (step.refund && model.paid.lt(amount)) {
          expect(made, `a refund of ${amount} out of ${model.paid.toFixed()} was not refused`).toBe(REFUSED);
        }
        if (made === REFUSED) return "refused";
        return `${made.orderId} (${amount} ${coin.currency})`;
      }
      case "deliver": {
        const report = reports[step.report % Math.max(reports.length, 1)];
        if (!report) return idle("no report yet");
        return deliver(report, step.webhook);
      }
      case "loop":
        return runLoop(step);
      case "customer pays":
      case "invoice expires": {
        if (step.act === "customer pays") {
          const amount =
            step.amount === "rest" && model.missing.gt(0)
              ? model.missing.toFixed()
              : coin.payments[step.amount === "rest" ? "a little" : step.amount];
          const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
          if (row && Number(row.refundedCryptoAmount) > 0) reached.saw("the customer paid after a refund");
          model.pay(amount);
        } else model.expire();
        await refreshInvoice();
        return `the invoice is ${model.status}, received ${model.paid.toFixed()}`;
      }
      case "resolve": {
        const result = await attempt(() =>
          resolveException(
            db,
            { kind: "user", userId: requesters[step.by] },
            { invoiceId, kind: step.kind, note: "Settled with the customer." },
          ),
        );
        return result === REFUSED ? "refused" : "resolved";
      }
      case "service moves": {
        const moving = [...service.payouts.values()].filter(
          (there) => wordOf(there.status) === "not final" && there.status !== step.to,
        );
        const there = moving[step.payout % Math.max(moving.length, 1)];
        if (!there) return idle("nothing to move");
        return moveAtService(there.orderId, step);
      }
      case "service flips": {
        const final = [...service.payouts.values()].filter((there) => wordOf(there.status) !== "not final");
        // Every other time, a failed one Paydesk has closed (and maybe sent again) comes first.
        const closedHere = final.filter((there) => {
          const known = payouts.find((each) => each.orderId === there.orderId);
          return (
            wordOf(there.status) === "failed" && known !== undefined && states.get(known.id) === "closed"
          );
        });
        const among = closedHere.length > 0 && step.payout % 2 === 0 ? closedHere : final;
        const there = among[Math.floor(step.payout / 2) % Math.max(among.length, 1)];
        if (!there) return idle("nothing final at the service");
        const from = there.status;
        const report = service.flip(there.orderId);
        reports.push(report);
        reached.saw(
          from === "paid" ? "the service failed what it had paid" : "the service paid what it had failed",
        );
        const flipped = `${there.orderId}: ${from} -> ${report.status} after all`;
        return step.reported ? `${flipped}; ${await deliver(report, true)}` : flipped;
      }
      case "unknown order":
        return reportUnknownOrder(step);
      case "advance":
        return advance(step);
      default:
        return performOnPayout(step);
    }
  };

  /** A verified webhook about an order id Paydesk never made: on finance's worklist when money moved, never in the books. */
  const reportUnknownOrder = async (step: Extract<Step, { act: "unknown order" }>) => {
    const orderId = `${step.resource === "withdrawal" ? "wd" : "inv"}_stranger_${tag}_${at}`;
    const money = step.resource === "withdrawal" || step.status === "paid";
    const invoiceStatus = { process: "pending", paid: "paid", fail: "cancel" }[step.status];
    const body = webhookBody({
      type: step.resource,
      [`${step.resource}_id`]: `svc_${orderId}`,
      order_id: orderId,
      status: step.resource === "withdrawal" ? step.status : invoiceStatus,
      amount: coin.payments.more,
      currency: coin.currency,
      network: coin.network,
    });
    const entriesBefore = (await entriesSince(db, books)).length;
    const handled = await deliverVerifiedWebhook(db, invoiceService, body);
    expect(handled, `the webhook about ${orderId} was not taken`).not.toBe("duplicate");
    if (handled === "duplicate") return "duplicate";
    expect(handled.outcome, `${orderId}: ${handled.detail}`).toBe(money ? "conflict" : "unknown_order");
    const waiting = await db.select().from(unmatchedReports).where(eq(unmatchedReports.orderId, orderId));
    expect(waiting.length, `${orderId} on finance's worklist`).toBe(money ? 1 : 0);
    expect((await entriesSince(db, books)).length, `${orderId} moved money in the books`).toBe(entriesBefore);
    reached.saw("a report about an order id Paydesk never made");
    return `${orderId}: ${handled.outcome}`;
  };

  /** The service moves a payout it holds on, and tells Paydesk at once (or not yet). */
  const moveAtService = async (
    orderId: string,
    how: { to: ServiceMove; fee: FeeReport; reported: boolean },
  ) => {
    const from = held(orderId);
    const report = service.settle(orderId, how.to, how.fee);
    reports.push(report);
    const moved = `${orderId}: ${from} -> ${how.to}`;
    return how.reported ? `${moved}; ${await deliver(report, true)}` : moved;
  };

  /**
   * What comes next for one of the payouts that is not over, as its state asks: approved by the
   * next person in finance (and sent), sent again, the service's word on one it holds, send
   * again after a failure, and for one that needs a person what the back office shows: record
   * paid, close (proposed, then confirmed by a second person), or the service's word.
   */
  const advance = async (step: Extract<Step, { act: "advance" }>): Promise<string> => {
    const going = payouts.filter((known) => !OVER.includes(states.get(known.id) ?? "closed"));
    // Every other time, one that waits for a person comes first: that is where the tangles are.
    const waiting = going.filter((known) => NEEDS_A_PERSON.includes(states.get(known.id) ?? "closed"));
    const among = waiting.length > 0 && step.payout % 2 === 0 ? waiting : going;
    const target = among[Math.floor(step.payout / 2) % Math.max(among.length, 1)];
    // All over: a new request (a small refund, or an ordinary payout).
    if (!target) {
      return perform({
        act: "request",
        refund: step.payout % 2 === 0,
        amount: "1",
        by: "support",
        subtract: true,
      });
    }
    const on = (act: Extract<Step, OnPayout>["act"], by: Who = "finance") =>
      performOnPayout(
        { act, payout: 0, by, send: step.outcome, outcome: step.outcome } as Extract<Step, OnPayout>,
        target,
      );
    const there = held(target.orderId);
    switch (states.get(target.id)) {
      case "awaiting_approval":
        return on("approve");
      case "approved":
      case "unknown":
        return on("retry");
      case "submitting":
        return runLoop({ act: "loop", outcomes: [step.outcome], aDayLater: false, afterLongOutage: false });
      case "failed":
      case "service_failed":
        return on("send again");
      case "needs_review":
      case "conflict": {
        if (there === "paid") return on("record paid");
        if (willNeverPay(there)) {
          const row = await withdrawalById(db, target.id);
          return row.closeProposedBy ? on("confirm", "other finance") : on("close");
        }
        return moveAtService(target.orderId, { ...step, reported: true });
      }
      default:
        return there && wordOf(there) === "not final"
          ? moveAtService(target.orderId, { ...step, reported: true })
          : idle(`${target.orderId} waits for the service's word`);
    }
  };

  const performOnPayout = async (step: Extract<Step, OnPayout>, chosen?: Payout): Promise<string> => {
    const target = chosen ?? pick(step.payout, MEANT_FOR[step.act]);
    if (!target) return idle(`no payout to ${step.act}`);
    const by = step.act === "approve" ? await approver(step.by, target) : person(step.by, target);
    const done = (result: unknown) => (result === REFUSED ? "refused" : "done");
    /** A person's action on the payout: the requester's own is always refused. */
    const act = async <T>(what: string, action: () => Promise<T>) => {
      const result = await attempt(action);
      if (by === target.requestedBy)
        expect(result, `the requester's own ${what} was not refused`).toBe(REFUSED);
      return result;
    };
    switch (step.act) {
      case "approve": {
        const approved = await act("approval", () => approveWithdrawal(db, target.id, by));
        if (approved === REFUSED || !approved.fullyApproved || !step.send) return done(approved);
        return `approved, sent: ${await send(target, by, step.send)}`;
      }
      case "retry":
        return `sent: ${await send(target, by, step.outcome)}`;
      case "reject":
        return done(await act("rejection", () => rejectWithdrawal(db, target.id, by, "Not this one.")));
      case "cancel": {
        const result = await attempt(() => cancelWithdrawal(db, target.id, by));
        if (by !== target.requestedBy)
          expect(result, "cancelled by another than the requester").toBe(REFUSED);
        return done(result);
      }
      case "keep retrying":
        return done(await act("keep retrying", () => keepRetrying(db, target.id, by)));
      case "decline":
        return done(await act("decline", () => declineClose(db, target.id, by)));
      case "record paid": {
        const there = service.payouts.get(target.orderId);
        if (there?.status !== "paid") return idle("the back office does not show it paid");
        const second = people.finance.find((id) => id !== by && id !== target.requestedBy) as string;
        const result = await act("record paid", () =>
          recordPaidByTwo(db, target.id, { proposer: by, confirmer: second }, `tx_${there.id}`),
        );
        if (result !== REFUSED) knowledge.tell(target.orderId, "paid", at);
        return done(result);
      }
      case "send again": {
        const result = await act("send again", () => sendAgain(db, target.id, by));
        if (result === REFUSED) return "refused";
        if (result.kind === "resent") {
          knowledge.tell(target.orderId, "nothing_sent", at);
          adopt(result.withdrawal);
        }
        return `${result.kind} as ${result.withdrawal.orderId}`;
      }
      case "close":
      case "confirm":
      case "mistake":
        return closing(step.act, target, by);
    }
  };

  /**
   * Closing, proposing, confirming. Truthful people confirm nothing was sent only when the back
   * office shows that, and decline the proposal otherwise. A mistake: two people in finance close
   * an ordinary payout the service still processes (or paid, which Paydesk was not told).
   */
  const closing = async (how: "close" | "confirm" | "mistake", target: Payout, by: string) => {
    const row = await withdrawalById(db, target.id);
    const confirms = how === "confirm" || Boolean(row.closeProposedBy && row.closeProposedBy !== by);
    const truthful = willNeverPay(held(target.orderId));
    if (how === "mistake") {
      if (row.refundOfInvoiceId || truthful) return idle("no mistake to make");
    } else if (confirms && !truthful) {
      const declined = await attempt(() => declineClose(db, target.id, by));
      return `the back office shows it ${held(target.orderId)}: ${declined === REFUSED ? "refused" : "declined"}`;
    }
    const close = (whoCloses: string) =>
      attempt(async () =>
        how === "confirm"
          ? { outcome: "closed" as const, withdrawal: await confirmNothingSent(db, target.id, whoCloses) }
          : closeWithdrawal(db, target.id, whoCloses, "Nothing in the service's back office."),
      );
    let result = await close(by);
    if (by === target.requestedBy)
      expect(result, "the requester's own closing was not refused").toBe(REFUSED);
    const reportedPaid =
      knowledge.heardOf(target.orderId)?.status === "paid" && !knowledge.changedItsMind(target.orderId);
    if (reportedPaid && (how === "mistake" || confirms))
      expect(result, "closing what the service reported paid was not refused").toBe(REFUSED);
    const second = people.finance.find((id) => id !== by && id !== target.requestedBy) as string;
    if (how === "mistake" && result !== REFUSED && result.outcome === "proposed") {
      result = await close(second);
      if (result === REFUSED) return "proposed; the confirmation refused";
    }
    if (result === REFUSED) return "refused";
    if (result.outcome === "closed") knowledge.tell(target.orderId, "nothing_sent", at);
    return result.outcome;
  };

  /** Time passes until the loop's due times (a minute; a day; after many attempts), then a round. */
  const runLoop = async (step: Extract<Step, { act: "loop" }>) => {
    const ids = payouts.map((known) => known.id);
    if (ids.length === 0) return idle("nothing to do");
    const past = new Date(Date.now() - 1_000);
    const mine = inArray(withdrawals.id, ids);
    await db
      .update(withdrawals)
      .set({ nextSubmitAt: past })
      .where(and(mine, inArray(withdrawals.state, ["unknown", "submitting"])));
    await db
      .update(withdrawals)
      .set({ updatedAt: new Date(Date.now() - 120_000) })
      .where(and(mine, eq(withdrawals.state, "approved")));
    if (step.aDayLater) {
      await db
        .update(withdrawals)
        .set({ staleAt: past })
        .where(and(mine, eq(withdrawals.state, "submitted")));
    }
    if (step.afterLongOutage) {
      await db
        .update(withdrawals)
        .set({ submitAttempts: MAX_SUBMIT_ATTEMPTS - 1 })
        .where(and(mine, eq(withdrawals.state, "unknown")));
    }
    const errors: unknown[] = [];
    service.next.splice(0, service.next.length, ...step.outcomes);
    const round = new WithdrawalResubmitter({
      db,
      client: () => service,
      log: { warn: (...args: unknown[]) => errors.push(args), info: () => {}, debug: () => {} },
    }).runOnce();
    const report = await untilOverOrHung(round);
    service.next.length = 0;
    expect(errors, "the loop logged errors").toEqual([]);
    return report === "hung" ? "the round died in a call" : JSON.stringify(report);
  };

  const check = async () => {
    const rows = await db
      .select()
      .from(withdrawals)
      .where(
        inArray(
          withdrawals.id,
          payouts.map((known) => known.id),
        ),
      );
    const view = {
      db,
      invoiceId,
      service,
      model,
      knowledge,
      chains,
      createdTooSoon,
      books,
      states,
      reached,
      at,
    };
    await checkPayouts(view, rows);
    await checkMoney(view, rows);
    if (PRINT_STATS) await noteReached(view, rows);
  };

  const take = async (next: Step) => {
    at++;
    idleStep = false;
    // Written before the step, so that a step that fails is the trace's last line.
    trace.push(`${at}. ${JSON.stringify(next)}`);
    const happened = await perform(next);
    for (const answer of service.answers.slice(answersHeard)) {
      knowledge.hear(answer.orderId, answer.status, at);
    }
    answersHeard = service.answers.length;
    trace[trace.length - 1] += ` -> ${happened}`;
    if (!idleStep && happened !== "refused") await check();
  };

  try {
    await check();
    for (const request of requests) await take(request);
    await fc.asyncModelRun(() => ({ model: {}, real: { take } }), plan);
    for (const { report, result } of delivered) {
      expect(["moved", "recorded", "unchanged", "conflict", "refreshed"], `${report.orderId}`).toContain(
        result,
      );
    }
  } catch (error) {
    reached.stop();
    const rows = await db
      .select({ orderId: withdrawals.orderId, state: withdrawals.state, status: withdrawals.serviceStatus })
      .from(withdrawals)
      .where(
        inArray(
          withdrawals.id,
          payouts.map((known) => known.id),
        ),
      );
    const states = rows.map(
      (row) =>
        `${row.orderId}: ${row.state}, service status ${row.status ?? "none"}, held ${held(row.orderId) ?? "not held"}`,
    );
    if (error instanceof Error) {
      error.message = `${error.message}\n\nWhat happened (${coinName}, starting ${start}, received ${model.paid.toFixed()}):\n${trace.join("\n")}\n\nNow:\n${states.join("\n")}`;
    }
    throw error;
  } finally {
    // The loop's rounds and ledger:check see every row: the next run starts with none of these.
    await removeRun(
      db,
      invoiceId,
      payouts.map((known) => known.id),
    );
  }
}

const property = fc.asyncProperty(runs, plans, oneRun);

describe(`payouts and refunds, model-based (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it(
    `keep refunds under their invoice, agree with the service, always have a next step, and keep the books (${MODEL_RUNS} runs)`,
    () => checkModel(property, THIS_FILE),
    MODEL_TIMEOUT_MS,
  );
});
