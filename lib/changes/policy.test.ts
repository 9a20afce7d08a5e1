import { describe, expect, it } from "vitest";
import { mayApprove, mayCancel, mayReject } from "./policy";

const change = { proposedBy: "ada", targetUserId: "sam" };
const admin = (id: string, isActiveAdmin = true) => ({ id, isActiveAdmin });

describe("who may decide a pending change", () => {
  it("approve: another active admin, never the proposer nor the person it is for", () => {
    expect(mayApprove(admin("bob"), change)).toEqual({ ok: true });
    expect(mayApprove(admin("ada"), change)).toMatchObject({ ok: false, reason: /You proposed this change/ });
    expect(mayApprove(admin("sam"), change)).toMatchObject({ ok: false, reason: /your own account/ });
    expect(mayApprove(admin("bob", false), change)).toMatchObject({ ok: false, reason: /active admin/ });
  });

  it("reject: another active admin; the proposer cancels instead", () => {
    expect(mayReject(admin("bob"), change)).toEqual({ ok: true });
    expect(mayReject(admin("sam"), change)).toEqual({ ok: true });
    expect(mayReject(admin("ada"), change)).toMatchObject({ ok: false, reason: /cancel it instead/ });
    expect(mayReject(admin("bob", false), change)).toMatchObject({ ok: false });
  });

  it("cancel: the proposer only", () => {
    expect(mayCancel(admin("ada"), change)).toEqual({ ok: true });
    expect(mayCancel(admin("bob"), change)).toMatchObject({
      ok: false,
      reason: /Only the admin who proposed/,
    });
  });

  it("a change to a setting has no person it is for", () => {
    expect(mayApprove(admin("bob"), { proposedBy: "ada", targetUserId: null })).toEqual({ ok: true });
  });
});
