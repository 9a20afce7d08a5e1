import { describe, expect, it } from "vitest";
import type { AccountEvent } from "@/lib/audit/account-history";
import { grantHoldReason, type GrantUnderReview } from "./grant-hold";

const DAY = 86_400_000;
const PROPOSED = new Date(Date.UTC(2026, 10, 20, 12));
const ADA = "a0000000-0000-4000-8000-000000000001";
const CY = "a0000000-0000-4000-8000-000000000003";

const grant = (role: GrantUnderReview["role"]): GrantUnderReview => ({
  role,
  proposedBy: ADA,
  proposedAt: PROPOSED,
  proposerEmail: "ada@example.com",
  targetEmail: "sam@example.com",
});

const event = (fields: Partial<AccountEvent> & { daysAfter: number }): AccountEvent => ({
  id: "e0000000-0000-4000-8000-000000000001",
  createdAt: new Date(PROPOSED.getTime() + fields.daysAfter * DAY),
  objectId: "sam",
  action: "user.password_reset",
  actorKind: "user",
  actorId: CY,
  actorEmail: "cy@example.com",
  clientAddress: null,
  userAgent: null,
  before: null,
  after: null,
  note: null,
  kind: "credential",
  ...fields,
});

describe("when a role grant waits although it still applies", () => {
  it("holds a grant of finance or admin for a change after the proposal, by anyone", () => {
    for (const role of ["finance", "admin"] as const) {
      expect(grantHoldReason(grant(role), [event({ daysAfter: 0.1 })])).toMatch(
        /changed since the grant was proposed \(password reset by cy@example.com\)/,
      );
    }
  });

  it("holds it for the proposer's change in the 7 days before, not for someone else's, nor for an older one", () => {
    expect(grantHoldReason(grant("finance"), [event({ daysAfter: -5, actorId: ADA })])).toMatch(
      /by ada@example.com, who proposed the grant, in the 7 days before/,
    );
    expect(grantHoldReason(grant("finance"), [event({ daysAfter: -5 })])).toBeNull();
    expect(grantHoldReason(grant("finance"), [event({ daysAfter: -8, actorId: ADA })])).toBeNull();
  });

  it("never holds for a sign-in from a new browser", () => {
    const signIn = event({ daysAfter: 0.1, action: "auth.signed_in", kind: "new_browser_sign_in" });
    expect(grantHoldReason(grant("admin"), [signIn])).toBeNull();
  });

  it("never holds a grant of support or viewer: the approver is shown the history, nothing more", () => {
    const changes = [event({ daysAfter: 0.1 }), event({ daysAfter: -5, actorId: ADA })];
    expect(grantHoldReason(grant("support"), changes)).toBeNull();
    expect(grantHoldReason(grant("viewer"), changes)).toBeNull();
  });
});
