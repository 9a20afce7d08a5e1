// Test support for the model-based test of payouts (lib/withdrawals/payouts.model.db.test.ts):
// the steps a run is made of, and how fast-check draws them. Not imported by application code.
import fc from "fast-check";
import type { WithdrawalState } from "@/lib/db/schema";
import type { CreationOutcome, FeeReport } from "./fake-payout-service";
import type { InvoiceTerms } from "./invoice-service-model";
import { COMMANDS_REPLAY_PATH } from "./model-runs";
import { TEST_TRON_ADDRESS } from "./withdrawal-rows";

/**
 * Who acts on a payout: its requester, someone in support, or the first or second person in
 * finance who did not request it (for an approval, "finance" is the first of them who has not
 * approved it yet). The requesters are support and finance1.
 */
export type Who = "requester" | "support" | "finance" | "other finance";
export type ServiceMove = "check" | "paid" | "fail" | "cancel" | "system_fail";
/** Amounts are written in USDT; a run in ETH takes each as its coin's counterpart (COINS). */
export type Amount = "1" | "2.5" | "4" | "6" | "10" | "12.5" | "13";
/** What a customer sends: the rest of the amount, more, a little, or less than the coin can carry. */
export type Payment = "rest" | "more" | "a little" | "dust";
/** `payout` picks one of the run's payouts (modulo how many there are). */
export type OnPayout = { payout: number; by: Who };
export type Step =
  | { act: "request"; refund: boolean; amount: Amount; by: "support" | "finance"; subtract: boolean }
  | ({ act: "approve"; send: CreationOutcome | null } & OnPayout)
  | ({ act: "retry"; outcome: CreationOutcome } & OnPayout)
  | ({
      act:
        | "reject"
        | "cancel"
        | "close"
        | "confirm"
        | "mistake"
        | "decline"
        | "keep retrying"
        | "record paid"
        | "send again";
    } & OnPayout)
  | { act: "loop"; outcomes: CreationOutcome[]; aDayLater: boolean; afterLongOutage: boolean }
  /** What comes next for a payout that is not over, as its state asks (the test's `advance`). */
  | { act: "advance"; payout: number; outcome: CreationOutcome; to: ServiceMove; fee: FeeReport }
  /** The service moves a payout it holds; `reported`: its report is delivered at once. */
  | { act: "service moves"; payout: number; to: ServiceMove; fee: FeeReport; reported: boolean }
  /** The service changes its final word: pays a payout it had reported failed, or fails one it had paid. */
  | { act: "service flips"; payout: number; reported: boolean }
  /** A report delivered (again, late, out of order): through the webhook route, or applied as the loop does. */
  | { act: "deliver"; report: number; webhook: boolean }
  /** A verified webhook about an order id Paydesk never made. */
  | { act: "unknown order"; resource: "withdrawal" | "invoice"; status: "process" | "paid" | "fail" }
  | { act: "customer pays"; amount: Payment }
  | { act: "invoice expires" }
  | { act: "resolve"; kind: "accepted_as_paid" | "marked_resolved"; by: "support" | "finance" };

export interface Coin extends InvoiceTerms {
  address: string;
  /** A USDT amount of the steps as this coin's. */
  amounts: Record<Amount, string>;
  /** More than the customer paid so far, a little, and less than the coin's precision. */
  payments: Record<Exclude<Payment, "rest">, string>;
}

const ETH_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

export const COINS = {
  USDT: {
    currency: "USDT",
    network: "TRON",
    cryptoAmount: "10",
    fiatAmount: "10",
    keepsCancelAfterExpiry: false,
    address: TEST_TRON_ADDRESS,
    amounts: { "1": "1", "2.5": "2.5", "4": "4", "6": "6", "10": "10", "12.5": "12.5", "13": "13" },
    payments: { more: "4", "a little": "1", dust: "0.0000001" },
  },
  // 8 decimals at the service; payments and fees carry more (issue 34 case 6).
  ETH: {
    currency: "ETH",
    network: "ETH",
    cryptoAmount: "0.2",
    fiatAmount: "600",
    keepsCancelAfterExpiry: true,
    address: ETH_ADDRESS,
    amounts: {
      "1": "0.01",
      "2.5": "0.05",
      "4": "0.08",
      "6": "0.12345678",
      "10": "0.2",
      "12.5": "0.25",
      "13": "0.26",
    },
    payments: { more: "0.08", "a little": "0.01", dust: "0.000000001" },
  },
} satisfies Record<string, Coin>;

/** Mostly the people who may act; now and then the requester or support, whom the rules refuse. */
const who = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Who>("finance") },
  { weight: 2, arbitrary: fc.constantFrom<Who>("requester", "support", "other finance") },
);
const requester = fc.constantFrom<"support" | "finance">("support", "finance");
const payout = fc.nat(7);
const outcome = fc.oneof(
  { weight: 3, arbitrary: fc.constant<CreationOutcome>("accept") },
  {
    weight: 3,
    arbitrary: fc.constantFrom<CreationOutcome>(
      "timeout_after_commit",
      "timeout_before_commit",
      "refuse",
      "hang_after_commit",
      "hang_before_commit",
      "answer_other_payout",
      "commit_other_amount",
    ),
  },
);
const onPayout = <A extends string>(weight: number, act: A) => ({
  weight,
  arbitrary: fc.record({ act: fc.constant(act), payout, by: who }),
});

const request = fc.record({
  act: fc.constant("request" as const),
  refund: fc.constantFrom(true, true, false),
  amount: fc.constantFrom<Amount>("1", "2.5", "4", "6", "10", "12.5", "13"),
  by: requester,
  subtract: fc.boolean(),
});

const fee = fc.constantFrom<FeeReport>("none", "fee", "payout amount", "both");

/**
 * Weighted so that most runs see a payout fail at the service and be sent again, a conflict, and
 * the service paying what it had failed (the summary of `PAYDESK_MODEL_STATS=1` says how many).
 */
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 36,
    arbitrary: fc.record({
      act: fc.constant("advance" as const),
      payout,
      outcome,
      to: fc.constantFrom<ServiceMove>(
        "check",
        "paid",
        "paid",
        "fail",
        "fail",
        "fail",
        "cancel",
        "system_fail",
      ),
      fee,
    }),
  },
  { weight: 3, arbitrary: request },
  {
    weight: 6,
    arbitrary: fc.record({
      act: fc.constant("approve" as const),
      payout,
      by: who,
      send: fc.option(outcome, { freq: 6 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ act: fc.constant("retry" as const), payout, by: who, outcome }) },
  onPayout(1, "reject"),
  onPayout(1, "cancel"),
  {
    weight: 2,
    arbitrary: fc.record({
      act: fc.constant("loop" as const),
      outcomes: fc.array(outcome, { maxLength: 3 }),
      aDayLater: fc.boolean(),
      afterLongOutage: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      act: fc.constant("service moves" as const),
      payout,
      to: fc.constantFrom<ServiceMove>("check", "paid", "paid", "fail", "fail", "cancel", "system_fail"),
      fee,
      reported: fc.constantFrom(true, true, true, false),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      act: fc.constant("service flips" as const),
      payout,
      reported: fc.constantFrom(true, true, true, false),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ act: fc.constant("deliver" as const), report: fc.nat(15), webhook: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      act: fc.constant("unknown order" as const),
      resource: fc.constantFrom<"withdrawal" | "invoice">("withdrawal", "invoice"),
      status: fc.constantFrom<"process" | "paid" | "fail">("process", "paid", "fail"),
    }),
  },
  onPayout(1, "close"),
  onPayout(1, "confirm"),
  onPayout(1, "mistake"),
  onPayout(1, "decline"),
  onPayout(1, "keep retrying"),
  onPayout(2, "record paid"),
  onPayout(6, "send again"),
  {
    weight: 2,
    arbitrary: fc.record({
      act: fc.constant("customer pays" as const),
      amount: fc.constantFrom<Payment>("rest", "rest", "more", "a little", "dust"),
    }),
  },
  { weight: 1, arbitrary: fc.constant<Step>({ act: "invoice expires" }) },
  {
    weight: 2,
    arbitrary: fc.record({
      act: fc.constant("resolve" as const),
      kind: fc.constantFrom<"accepted_as_paid" | "marked_resolved">("accepted_as_paid", "marked_resolved"),
      by: requester,
    }),
  },
);

/** What the invoice received before the run starts, in USDT (COINS gives the coin's own). */
export type Start = "overpaid" | "underpaid" | "underpaid, expired" | "paid" | "paid after expiry";

/** The payments each start is made of, per coin: before the invoice expires (if it does), and after. */
export interface StartPayments {
  before: string[];
  expires: boolean;
  after: string[];
}

export const STARTS: Record<keyof typeof COINS, Record<Start, StartPayments>> = {
  USDT: {
    overpaid: { before: ["10", "2.5"], expires: false, after: [] },
    underpaid: { before: ["6"], expires: false, after: [] },
    "underpaid, expired": { before: ["6"], expires: true, after: [] },
    paid: { before: ["10"], expires: false, after: [] },
    "paid after expiry": { before: [], expires: true, after: ["6"] },
  },
  ETH: {
    overpaid: { before: ["0.2", "0.050000001"], expires: false, after: [] },
    underpaid: { before: ["0.123456789"], expires: false, after: [] },
    "underpaid, expired": { before: ["0.123456789"], expires: true, after: [] },
    paid: { before: ["0.2"], expires: false, after: [] },
    // ETH's service keeps "cancel": an invoice that expired, then received a payment.
    "paid after expiry": { before: [], expires: true, after: ["0.123456789"] },
  },
};

/** Whatever carries out a run's steps (the model test's run). */
export interface StepTaker {
  take(step: Step): Promise<void>;
}

/** One step as a fast-check command: its shrinking keeps only the steps a failing run took. */
class StepCommand implements fc.AsyncCommand<object, StepTaker> {
  constructor(readonly step: Step) {}

  check(): boolean {
    return true;
  }

  run(_model: object, run: StepTaker): Promise<void> {
    return run.take(this.step);
  }

  toString(): string {
    return JSON.stringify(this.step);
  }
}

/** Short runs: shrinking a failure stays under a minute, and most runs still reach the tangles. */
export const MAX_STEPS = 40;

/** How a run starts: the invoice, the approval threshold, and the first requests. */
export const runs = fc.record({
  coin: fc.constantFrom<keyof typeof COINS>("USDT", "ETH"),
  start: fc.constantFrom<Start>("overpaid", "underpaid", "underpaid, expired", "paid", "paid after expiry"),
  twoApprovals: fc.constantFrom(false, false, true),
  // The first request fits under any refund cap (or is an ordinary payout): every run has a payout.
  requests: fc
    .tuple(
      request.map((first) => ({ ...first, amount: first.amount === "1" ? first.amount : ("2.5" as const) })),
      fc.array(request, { maxLength: 2 }),
    )
    .map(([first, more]) => [first, ...more]),
});

export type RunStart = typeof runs extends fc.Arbitrary<infer Start> ? Start : never;

/** What happens next, step by step. */
export const plans = fc.commands([step.map((each) => new StepCommand(each))], {
  maxCommands: MAX_STEPS,
  size: "max",
  ...(COMMANDS_REPLAY_PATH ? { replayPath: COMMANDS_REPLAY_PATH } : {}),
});

export type Plan = Iterable<fc.AsyncCommand<object, StepTaker>>;

/** The states each action on a payout is meant for: the step picks among the payouts in them. */
export const MEANT_FOR: Record<Extract<Step, OnPayout>["act"], readonly WithdrawalState[]> = {
  approve: ["awaiting_approval"],
  reject: ["awaiting_approval"],
  cancel: ["awaiting_approval"],
  retry: ["approved", "unknown"],
  close: ["failed", "service_failed", "needs_review", "conflict"],
  confirm: ["needs_review", "conflict"],
  mistake: ["needs_review", "conflict"],
  decline: ["needs_review", "conflict"],
  "keep retrying": ["needs_review"],
  "record paid": ["needs_review", "conflict"],
  "send again": ["failed", "service_failed"],
};
