// Test support for the model-based test of payouts (lib/withdrawals/payouts.model.db.test.ts):
// the steps a run is made of, and how fast-check draws them. Not imported by application code.
import fc from "fast-check";
import type { WithdrawalState } from "@/lib/db/schema";
import type { CreationOutcome } from "./fake-payout-service";

/**
 * Who acts on a payout: its requester, someone in support, or the first or second person in
 * finance who did not request it. The requesters are support and finance1.
 */
export type Who = "requester" | "support" | "finance" | "other finance";
export type ServiceMove = "check" | "paid" | "fail" | "cancel" | "system_fail";
/** `payout` picks one of the run's payouts (modulo how many there are). */
export type OnPayout = { payout: number; by: Who };
export type Step =
  | { act: "request"; refund: boolean; amount: string; by: "support" | "finance" }
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
  | { act: "service moves"; payout: number; to: ServiceMove }
  | { act: "deliver"; report: number }
  | { act: "customer pays"; amount: string }
  | { act: "invoice expires" }
  | { act: "resolve"; kind: "accepted_as_paid" | "marked_resolved"; by: "support" | "finance" };

const who = fc.constantFrom<Who>("requester", "support", "finance", "finance", "finance", "other finance");
const requester = fc.constantFrom<"support" | "finance">("support", "finance");
const payout = fc.nat(7);
const outcome = fc.oneof(
  { weight: 2, arbitrary: fc.constant<CreationOutcome>("accept") },
  {
    weight: 1,
    arbitrary: fc.constantFrom<CreationOutcome>(
      "timeout_after_commit",
      "timeout_before_commit",
      "refuse",
      "hang_after_commit",
      "hang_before_commit",
      "answer_other_payout",
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
  amount: fc.constantFrom("1", "2.5", "4", "6", "10", "12.5", "13"),
  by: requester,
});

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: request },
  {
    weight: 4,
    arbitrary: fc.record({
      act: fc.constant("approve" as const),
      payout,
      by: who,
      send: fc.option(outcome, { freq: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ act: fc.constant("retry" as const), payout, by: who, outcome }) },
  onPayout(1, "reject"),
  onPayout(1, "cancel"),
  {
    weight: 3,
    arbitrary: fc.record({
      act: fc.constant("loop" as const),
      outcomes: fc.array(outcome, { maxLength: 3 }),
      aDayLater: fc.boolean(),
      afterLongOutage: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      act: fc.constant("service moves" as const),
      payout,
      to: fc.constantFrom<ServiceMove>("check", "paid", "paid", "fail", "cancel", "system_fail"),
    }),
  },
  { weight: 5, arbitrary: fc.record({ act: fc.constant("deliver" as const), report: fc.nat(15) }) },
  onPayout(2, "close"),
  onPayout(1, "confirm"),
  onPayout(1, "mistake"),
  onPayout(1, "decline"),
  onPayout(1, "keep retrying"),
  onPayout(1, "record paid"),
  onPayout(1, "send again"),
  {
    weight: 1,
    arbitrary: fc.record({ act: fc.constant("customer pays" as const), amount: fc.constantFrom("1", "4") }),
  },
  { weight: 1, arbitrary: fc.constant<Step>({ act: "invoice expires" }) },
  {
    weight: 1,
    arbitrary: fc.record({
      act: fc.constant("resolve" as const),
      kind: fc.constantFrom<"accepted_as_paid" | "marked_resolved">("accepted_as_paid", "marked_resolved"),
      by: requester,
    }),
  },
);

/** What the invoice received before the run starts: overpaid, underpaid (open or expired), paid. */
const invoiceStart = fc.constantFrom(
  { payments: ["10", "2.5"], expired: false },
  { payments: ["6"], expired: false },
  { payments: ["6"], expired: true },
  { payments: ["10"], expired: false },
);

export const runs = fc.record({
  invoice: invoiceStart,
  twoApprovals: fc.boolean(),
  plan: fc
    .tuple(
      fc.array(request, { minLength: 1, maxLength: 3 }),
      fc.array(step, { maxLength: 100, size: "large" }),
    )
    .map(([requests, steps]): Step[] => [...requests, ...steps]),
});

/**
 * The states each action on a payout is meant for: the step picks among the payouts in them, or
 * among all when none is (then the rules refuse it, mostly).
 */
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
