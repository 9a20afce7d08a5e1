import { describe, expect, it } from "vitest";
import type { WithdrawalState } from "./state-machine";
import { whatViewerMay } from "./viewer-permissions";

const withdrawal = (
  state: WithdrawalState,
  approverIds: string[] = [],
  more: {
    closeProposedBy?: string;
    paidProposedBy?: string;
    nothingSentAt?: string;
    serviceStatus?: string;
  } = {},
) => ({
  state,
  requestedBy: "requester",
  approverIds,
  closeProposedBy: more.closeProposedBy ?? null,
  paidProposedBy: more.paidProposedBy ?? null,
  nothingSentAt: more.nothingSentAt ?? null,
  serviceStatus: more.serviceStatus ?? null,
});

const NOTHING = {
  decide: false,
  cancel: false,
  sendAgain: false,
  keepRetrying: false,
  proposePaid: false,
  confirmPaid: false,
  declinePaid: false,
  close: false,
  proposeClose: false,
  confirmNothingSent: false,
  declineClose: false,
  cannotDecide: null,
};
const finance = { id: "f2", role: "finance" } as const;
const requester = { id: "requester", role: "finance" } as const;

describe("what a viewer may do with a withdrawal", () => {
  it("another finance user decides a request awaiting approval", () => {
    expect(whatViewerMay(withdrawal("awaiting_approval"), finance)).toEqual({ ...NOTHING, decide: true });
  });

  it("the requester cancels but never decides their own request", () => {
    expect(whatViewerMay(withdrawal("awaiting_approval"), requester)).toEqual({
      ...NOTHING,
      cancel: true,
      cannotDecide: "requester",
    });
  });

  it("a first approver waits for a second one", () => {
    expect(whatViewerMay(withdrawal("awaiting_approval", ["f2"]), finance)).toMatchObject({
      decide: false,
      cannotDecide: "approved-already",
    });
  });

  it("a role without the permission only looks", () => {
    expect(whatViewerMay(withdrawal("awaiting_approval"), { id: "s", role: "support" })).toMatchObject({
      decide: false,
      cancel: false,
      cannotDecide: "role",
    });
  });

  it("finance sends a refused, failed or orphaned payout again; the loop owns the unknown ones", () => {
    for (const state of ["failed", "service_failed", "approved"] as const) {
      expect(whatViewerMay(withdrawal(state), finance).sendAgain, state).toBe(true);
    }
    expect(whatViewerMay(withdrawal("unknown"), finance).sendAgain).toBe(false);
    expect(whatViewerMay(withdrawal("failed"), { id: "s", role: "support" }).sendAgain).toBe(false);
    expect(whatViewerMay(withdrawal("paid"), finance)).toEqual(NOTHING);
  });

  it("what the service said no to is closed by one person in finance, never the requester", () => {
    for (const state of ["failed", "service_failed"] as const) {
      expect(whatViewerMay(withdrawal(state), finance)).toMatchObject({ sendAgain: true, close: true });
      expect(whatViewerMay(withdrawal(state), requester)).toEqual(NOTHING);
    }
  });

  it("a payout that may have left is recorded paid by two people, or closed by two", () => {
    for (const state of ["needs_review", "conflict"] as const) {
      expect(whatViewerMay(withdrawal(state), finance)).toMatchObject({
        keepRetrying: state === "needs_review",
        proposePaid: true,
        confirmPaid: false,
        close: false,
        proposeClose: true,
        confirmNothingSent: false,
      });
      expect(whatViewerMay(withdrawal(state), requester)).toEqual(NOTHING);
      const proposed = withdrawal(state, [], { closeProposedBy: "f3" });
      expect(whatViewerMay(proposed, finance)).toMatchObject({
        proposeClose: false,
        confirmNothingSent: true,
        declineClose: true,
        proposePaid: false,
      });
      expect(whatViewerMay(proposed, { id: "f3", role: "finance" })).toMatchObject({
        confirmNothingSent: false,
        declineClose: true,
      });
    }
  });

  it("a proposal to record it paid is confirmed by another person in finance, or declined", () => {
    for (const state of ["needs_review", "conflict"] as const) {
      const proposed = withdrawal(state, [], { paidProposedBy: "f3" });
      expect(whatViewerMay(proposed, finance)).toMatchObject({
        proposePaid: false,
        confirmPaid: true,
        declinePaid: true,
        proposeClose: false,
      });
      expect(whatViewerMay(proposed, { id: "f3", role: "finance" })).toMatchObject({
        confirmPaid: false,
        declinePaid: true,
      });
      expect(whatViewerMay(proposed, requester)).toEqual(NOTHING);
    }
  });

  it("what the service reported paid is recorded paid, never closed as not sent", () => {
    expect(whatViewerMay(withdrawal("conflict", [], { serviceStatus: "paid" }), finance)).toMatchObject({
      proposePaid: true,
      proposeClose: false,
      confirmNothingSent: false,
    });
  });

  it("a payout closed by one person while it might have left waits for a second one's confirmation", () => {
    expect(whatViewerMay(withdrawal("closed"), finance).confirmNothingSent).toBe(true);
    expect(
      whatViewerMay(withdrawal("closed", [], { nothingSentAt: "2026-11-25T00:00:00Z" }), finance),
    ).toEqual(NOTHING);
  });
});
