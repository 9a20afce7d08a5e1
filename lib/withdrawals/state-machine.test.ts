import { describe, expect, it } from "vitest";
import {
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
  ["needs_review", "close", "closed"],
  ["failed", "close", "closed"],
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

  it("final states go nowhere", () => {
    for (const from of ["rejected", "cancelled", "paid", "service_failed", "closed"] as const) {
      for (const event of WITHDRAWAL_EVENTS) expect(nextState(from, event)).toBeNull();
    }
  });
});
