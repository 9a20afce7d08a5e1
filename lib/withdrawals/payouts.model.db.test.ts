import Decimal from "decimal.js";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRuleError } from "@/lib/auth/rule-error";
import { settings, withdrawals, type Withdrawal } from "@/lib/db/schema";
import { resolveException } from "@/lib/exceptions/resolve-exception";
import { readAndApplyInvoice } from "@/lib/invoices/refresh-invoice";
import { WithdrawalResubmitter } from "@/lib/jobs/withdrawal-resubmitter";
import { requestRefund } from "@/lib/refunds/request-refund";
import { FakePayoutService, type CreationOutcome } from "@/test-support/fake-payout-service";
import { FakeService, seedInvoice } from "@/test-support/fake-service";
import { ServiceInvoiceModel } from "@/test-support/invoice-service-model";
import { recordPaidByTwo, refundForm, seedMoneyPeople, withdrawalById } from "@/test-support/money-rows";
import {
  MAY_STILL_SEND,
  NEVER_SENT,
  PaydeskKnowledge,
  willNeverPay,
  wordOf,
} from "@/test-support/payout-model";
import { MEANT_FOR, runs, type OnPayout, type Step, type Who } from "@/test-support/payout-model-steps";
import { checkModel, MODEL_RUNS, MODEL_TIMEOUT_MS } from "@/test-support/model-runs";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { applyServiceReport, type ApplyResult, type ServiceReport } from "./apply-service-report";
import { listPayoutsNeedingAttention } from "./attention";
import { closeWithdrawal, confirmNothingSent, declineClose } from "./close";
import { approveWithdrawal, cancelWithdrawal, rejectWithdrawal } from "./decide";
import { requestWithdrawal } from "./request-withdrawal";
import { keepRetrying } from "./review";
import { sendAgain } from "./send-again";
import { FINAL_STATES, NEEDS_A_PERSON, type WithdrawalState } from "./state-machine";
import { MAX_SUBMIT_ATTEMPTS, submitWithdrawal } from "./submit-withdrawal";
import { THRESHOLD_KEY } from "./threshold-setting";

/*
 * Model-based: one invoice that received money, refunds of it and ordinary payouts, driven through
 * random interleavings of what people, the loop, the service and the customer do: request (some
 * refunds over the cap), approve (and send at once, as the page does), reject, cancel, send with
 * an outcome (accepted, timeout after or before the service committed it, refused with 422, the
 * process dying while it waits, an answer naming another payout), the loop's round (after its due
 * times pass; sometimes a day, sometimes after a long outage), the service moving a payout it holds
 * (process → check → paid | fail | cancel | system_fail), its reports delivered in any order, any
 * number of times or never, closing (one person, or a proposal and a second person's
 * confirmation), declining, keep retrying, record paid, send again, customer payments, expiry,
 * and resolutions. A rule a person breaks is refused with a RuleError: a legitimate outcome.
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
 *    failed: a refused one may go again with its order id).
 * 2. No payout contradicts what Paydesk was told, unless it is a conflict (on the worklist). Told:
 *    the service's highest-ranked status delivered (reports, creation answers; process < check <
 *    final; a final one is never replaced), and a person's word from the back office (record
 *    paid: "paid"; close of a failed one, confirm nothing sent, send again: "nothing sent").
 *    - submitting is in flight: its submitter, or the loop after its lease, settles what came in.
 *    - The service said paid: only paid.
 *    - The service said fail, cancel or system_fail: only service_failed or closed.
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
 * 5. Paydesk stores the service's last word for each order id: every report delivered was applied
 *    or became a conflict, none was dropped.
 *
 * PAYDESK_MODEL_RUNS sets the number of runs (200 by default; `npm run test:models` runs 5,000);
 * PAYDESK_MODEL_SEED and PAYDESK_MODEL_PATH replay one.
 */
const THIS_FILE = "lib/withdrawals/payouts.model.db.test.ts";

interface Payout {
  id: string;
  orderId: string;
  requestedBy: string;
}

const REFUSED = Symbol("refused");

/** A person's action, or REFUSED when the rules refuse it (a RuleError); anything else fails the run. */
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

beforeAll(async () => {
  testDb = await createTestDb();
  const seeded = await seedMoneyPeople(testDb.db);
  people = { support: seeded.support, finance: [seeded.finance1, seeded.finance2, seeded.finance3] };
});
afterAll(() => testDb.close());

const property = fc.asyncProperty(runs, async ({ invoice: start, twoApprovals, plan }) => {
  const { db } = testDb;
  const tag = `model_${++runCount}`;
  const service = new FakePayoutService();
  const invoiceService = new FakeService();
  const model = new ServiceInvoiceModel(`svc_${tag}`, tag);
  for (const amount of start.payments) model.pay(amount);
  if (start.expired) model.expire();
  const refreshInvoice = async () => {
    invoiceService.set(model.serviceId, model.record());
    const refreshed = await readAndApplyInvoice(db, invoiceService, invoiceId, "loop");
    expect(refreshed.ok, "the invoice refresh failed").toBe(true);
  };
  const { id: invoiceId } = await seedInvoice(db, tag, { serviceId: model.serviceId, nextRefreshAt: null });
  await refreshInvoice();
  await db.delete(settings).where(eq(settings.key, THRESHOLD_KEY));
  if (twoApprovals) {
    await db.insert(settings).values({ key: THRESHOLD_KEY, value: { amount: "0", fiatCurrency: "USD" } });
  }

  const payouts: Payout[] = [];
  const reports: ServiceReport[] = [];
  const delivered: { report: ServiceReport; result: ApplyResult }[] = [];
  const knowledge = new PaydeskKnowledge();
  const trace: string[] = [];
  let at = 0;
  let answersHeard = 0;

  /** Each payout's state as the last check saw it. */
  const states = new Map<string, WithdrawalState>();
  const pick = (index: number, meantFor?: readonly WithdrawalState[]) => {
    const fitting = meantFor
      ? payouts.filter((known) => meantFor.includes(states.get(known.id) ?? "closed"))
      : [];
    const among = fitting.length > 0 ? fitting : payouts;
    return among[index % Math.max(among.length, 1)];
  };
  const requesters = { support: people.support, finance: people.finance[0] as string };
  const person = (by: Who, target: Payout) => {
    if (by === "requester") return target.requestedBy;
    if (by === "support") return people.support;
    const others = people.finance.filter((id) => id !== target.requestedBy);
    return others[by === "finance" ? 0 : 1] as string;
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
        const made = await attempt(() =>
          step.refund
            ? requestRefund(db, refundForm(invoiceId, step.amount), by)
            : requestWithdrawal(db, openedWithdrawalForm({ amount: step.amount }), by),
        );
        if (step.refund && model.paid.lt(step.amount)) {
          expect(made, `a refund of ${step.amount} out of ${model.paid.toFixed()} was not refused`).toBe(
            REFUSED,
          );
        }
        if (made === REFUSED) return "refused";
        adopt(made);
        return made.orderId;
      }
      case "deliver": {
        const report = reports[step.report % Math.max(reports.length, 1)];
        if (!report) return idle("no report yet");
        const result = await applyServiceReport(db, report, "webhook");
        expect(result.kind, `a report for ${report.orderId} found no payout`).not.toBe("not_found");
        knowledge.hear(report.orderId, report.status, at);
        delivered.push({ report, result });
        return `${report.orderId} ${report.status}: ${result.kind}`;
      }
      case "loop":
        return runLoop(step);
      case "customer pays":
      case "invoice expires": {
        if (step.act === "customer pays") model.pay(step.amount);
        else model.expire();
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
        const from = there.status;
        reports.push(service.settle(there.orderId, step.to));
        return `${there.orderId}: ${from} -> ${step.to}`;
      }
      default:
        return performOnPayout(step);
    }
  };

  const performOnPayout = async (step: Extract<Step, OnPayout>): Promise<string> => {
    const target = pick(step.payout, MEANT_FOR[step.act]);
    if (!target) return idle("no payout yet");
    const by = person(step.by, target);
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
    if (knowledge.heardOf(target.orderId)?.status === "paid" && (how === "mistake" || confirms))
      expect(result, "closing what the service reported paid was not refused").toBe(REFUSED);
    const second = people.finance.find((id) => id !== by && id !== target.requestedBy) as string;
    if (how === "mistake" && result !== REFUSED && result.outcome === "proposed")
      result = await close(second);
    if (result === REFUSED) return "refused";
    if (result.outcome === "closed") knowledge.tell(target.orderId, "nothing_sent", at);
    return result.outcome;
  };

  /** Time passes until the loop's due times (a minute; a day; after many attempts), then a round. */
  const runLoop = async (step: Extract<Step, { act: "loop" }>) => {
    const ids = payouts.map((known) => known.id);
    if (ids.length === 0) return "nothing to do";
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
      if (row.refundOfInvoiceId === invoiceId) {
        const serviceMayPay = there !== undefined && !willNeverPay(there);
        if (serviceMayPay || MAY_STILL_SEND.includes(row.state)) mayPay = mayPay.plus(row.amount ?? 0);
      }
      const contradiction = knowledge.contradiction(row.orderId, row.state);
      if (contradiction) expect.fail(`${name} contradicts what Paydesk was told: ${contradiction}`);
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
      expect(row.serviceStatus, `${name} does not store the service's last word`).toBe(
        knowledge.heardOf(row.orderId)?.status ?? null,
      );
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
  };

  try {
    await check();
    for (const next of plan) {
      at++;
      idleStep = false;
      const happened = await perform(next);
      for (const answer of service.answers.slice(answersHeard)) {
        knowledge.hear(answer.orderId, answer.status, at);
      }
      answersHeard = service.answers.length;
      trace.push(`${at}. ${JSON.stringify(next)} -> ${happened}`);
      if (!idleStep) await check();
    }
    for (const { report, result } of delivered) {
      expect(["moved", "recorded", "unchanged", "conflict"], `${report.orderId}`).toContain(result.kind);
    }
  } catch (error) {
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
      error.message = `${error.message}\n\nWhat happened (received ${model.paid.toFixed()}):\n${trace.join("\n")}\n\nNow:\n${states.join("\n")}`;
    }
    throw error;
  } finally {
    // The loop's rounds see every row: this run's leave nothing due, and nothing on the worklist.
    if (payouts.length > 0) {
      await db
        .update(withdrawals)
        .set({ state: "closed", nothingSentAt: new Date(), nextSubmitAt: null, staleAt: null })
        .where(
          and(
            inArray(
              withdrawals.id,
              payouts.map((known) => known.id),
            ),
            notInArray(withdrawals.state, ["paid", "rejected", "cancelled"]),
          ),
        );
    }
  }
});

describe(`payouts and refunds, model-based (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it(
    `keep refunds under their invoice, agree with the service, and always have a next step (${MODEL_RUNS} runs)`,
    () => checkModel(property, THIS_FILE),
    MODEL_TIMEOUT_MS,
  );
});
