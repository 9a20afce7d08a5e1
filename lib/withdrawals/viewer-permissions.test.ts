import { describe, expect, it } from "vitest";
import type { WithdrawalState } from "./state-machine";
import { whatViewerMay } from "./viewer-permissions";

const withdrawal = (state: WithdrawalState, approverIds: string[] = []) => ({
  state,
  requestedBy: "requester",
  approverIds,
});

describe("what a viewer may do with a withdrawal", () => {
  it("another finance user decides a request awaiting approval", () => {
    expect(whatViewerMay(withdrawal("awaiting_approval"), { id: "f2", role: "finance" })).toEqual({
      decide: true,
      cancel: false,
      sendAgain: false,
      keepRetrying: false,
      close: false,
      cannotDecide: null,
    });
  });

  it("the requester cancels but never decides their own request", () => {
    expect(whatViewerMay(withdrawal("awaiting_approval"), { id: "requester", role: "finance" })).toEqual({
      decide: false,
      cancel: true,
      sendAgain: false,
      keepRetrying: false,
      close: false,
      cannotDecide: "requester",
    });
  });

  it("a first approver waits for a second one", () => {
    expect(
      whatViewerMay(withdrawal("awaiting_approval", ["f2"]), { id: "f2", role: "finance" }),
    ).toMatchObject({ decide: false, cannotDecide: "approved-already" });
  });

  it("a role without the permission only looks", () => {
    expect(whatViewerMay(withdrawal("awaiting_approval"), { id: "s", role: "support" })).toMatchObject({
      decide: false,
      cancel: false,
      cannotDecide: "role",
    });
  });

  it("finance sends a refused or orphaned payout again; the loop owns the unknown ones", () => {
    const finance = { id: "f2", role: "finance" } as const;
    expect(whatViewerMay(withdrawal("failed"), finance).sendAgain).toBe(true);
    expect(whatViewerMay(withdrawal("approved"), finance).sendAgain).toBe(true);
    expect(whatViewerMay(withdrawal("unknown"), finance).sendAgain).toBe(false);
    expect(whatViewerMay(withdrawal("failed"), { id: "s", role: "support" }).sendAgain).toBe(false);
    expect(whatViewerMay(withdrawal("paid"), finance)).toMatchObject({ cannotDecide: null, cancel: false });
  });

  it("what did not end by itself is decided by finance other than the requester", () => {
    const finance = { id: "f2", role: "finance" } as const;
    const requester = { id: "requester", role: "finance" } as const;
    expect(whatViewerMay(withdrawal("needs_review"), finance)).toMatchObject({
      keepRetrying: true,
      close: true,
    });
    expect(whatViewerMay(withdrawal("needs_review"), requester)).toMatchObject({
      keepRetrying: false,
      close: false,
    });
    expect(whatViewerMay(withdrawal("failed"), finance)).toMatchObject({ sendAgain: true, close: true });
    expect(whatViewerMay(withdrawal("failed"), requester)).toMatchObject({ sendAgain: false, close: false });
  });
});
