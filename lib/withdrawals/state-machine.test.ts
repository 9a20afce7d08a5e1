import { describe, expect, it } from "vitest";
import {
  FINAL_STATES,
  nextState,
  WITHDRAWAL_EVENTS,
  WITHDRAWAL_STATES,
  type WithdrawalEvent,
  type WithdrawalState,
} from "./state-machine";

// Every allowed move, written out; everything else must be refused.
const ALLOWED: Array<[WithdrawalState, WithdrawalEvent, WithdrawalState]> = [
  ["awaiting_approval", "approve", "approved"],
  ["awaiting_approval", "reject", "rejected"],
  ["awaiting_approval", "cancel", "cancelled"],
  ["approved", "start_submit", "submitting"],
  ["unknown", "start_submit", "submitting"],
  ["submitting", "submit_succeeded", "submitted"],
  ["submitting", "submit_failed", "failed"],
  ["submitting", "submit_unknown", "unknown"],
  ["submitted", "service_paid", "paid"],
  ["unknown", "service_paid", "paid"],
  ["submitted", "service_failed", "service_failed"],
  ["unknown", "service_failed", "service_failed"],
  ["approved", "approvals_lapsed", "awaiting_approval"],
  ["failed", "approvals_lapsed", "awaiting_approval"],
  ["failed", "reapprove", "awaiting_approval"],
  ["unknown", "give_up", "needs_review"],
  ["needs_review", "keep_retrying", "unknown"],
  ["failed", "close", "closed"],
  ["service_failed", "close", "closed"],
  ["service_failed", "resend", "closed"],
  // A refund its invoice no longer owes goes back to its requester before anything is sent.
  ["awaiting_approval", "refund_returned", "rejected"],
  ["approved", "refund_returned", "rejected"],
  ["failed", "refund_returned", "rejected"],
  // Sent again for a payout that may have been paid after all: stopped before anything is sent.
  ["awaiting_approval", "predecessor_paid", "rejected"],
  ["approved", "predecessor_paid", "rejected"],
  ["failed", "predecessor_paid", "rejected"],
  // The service answered with another payout.
  ["submitting", "submit_conflict", "conflict"],
  // No final word by the deadline: a person checks the service's back office.
  ["submitted", "gone_stale", "needs_review"],
  ["needs_review", "service_paid", "paid"],
  ["needs_review", "service_failed", "service_failed"],
  ["needs_review", "service_processing", "submitted"],
  ["needs_review", "record_paid", "paid"],
  ["conflict", "record_paid", "paid"],
  // Closing what may have left takes a second person.
  ["needs_review", "confirm_nothing_sent", "closed"],
  ["conflict", "confirm_nothing_sent", "closed"],
  // What the service says against Paydesk's state is a conflict, never dropped.
  ["awaiting_approval", "contradicted", "conflict"],
  ["approved", "contradicted", "conflict"],
  ["submitting", "contradicted", "conflict"],
  ["submitted", "contradicted", "conflict"],
  ["unknown", "contradicted", "conflict"],
  ["needs_review", "contradicted", "conflict"],
  ["failed", "contradicted", "conflict"],
  ["rejected", "contradicted", "conflict"],
  ["cancelled", "contradicted", "conflict"],
  ["paid", "contradicted", "conflict"],
  ["service_failed", "contradicted", "conflict"],
  ["closed", "contradicted", "conflict"],
];

const allowed = new Map(ALLOWED.map(([from, event, to]) => [`${from}/${event}`, to]));
const every = WITHDRAWAL_STATES.flatMap((from) => WITHDRAWAL_EVENTS.map((event) => ({ from, event })));

describe("the withdrawal state machine", () => {
  it("walks every state and event", () => {
    expect(every).toHaveLength(WITHDRAWAL_STATES.length * WITHDRAWAL_EVENTS.length);
  });

  it.each(every)("$from --$event-->", ({ from, event }) => {
    expect(nextState(from, event)).toBe(allowed.get(`${from}/${event}`) ?? null);
  });

  it("sends money only from submitting, reached only from approved or unknown: a failed one needs fresh approval", () => {
    const intoSubmitting = ALLOWED.filter(([, , to]) => to === "submitting").map(([from]) => from);
    expect(intoSubmitting.sort()).toEqual(["approved", "unknown"]);
  });

  it("final states go nowhere but to a conflict, when the service contradicts them", () => {
    for (const from of FINAL_STATES) {
      for (const event of WITHDRAWAL_EVENTS) {
        expect(nextState(from, event)).toBe(event === "contradicted" ? "conflict" : null);
      }
    }
  });

  it("every state that is not final can move on", () => {
    for (const from of WITHDRAWAL_STATES.filter((state) => !FINAL_STATES.includes(state))) {
      expect(
        WITHDRAWAL_EVENTS.some((event) => nextState(from, event) !== null),
        from,
      ).toBe(true);
    }
  });
});
