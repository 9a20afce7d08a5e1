import { describe, expect, it } from "vitest";
import { whatARoleChangeDoes } from "./role-change-outcome";

const sam = { email: "sam@example.com", name: "Sam Support", role: "support" as const };

describe("what the confirmation of a role change says", () => {
  it("to finance or admin: it waits for a second admin, names how many are notified, and what holds until then", () => {
    const outcome = whatARoleChangeDoes({ user: sam, to: "finance", isSelf: false, approvers: 2 });
    expect(outcome).toMatchObject({ waits: true, title: "Propose making sam@example.com Finance?" });
    expect(outcome.lines).toEqual([
      "Finance and Admin decide who may pay, so this waits for a second admin. Until one approves it, Sam Support stays Support.",
      "The 2 other admins who may approve it are notified now.",
      "Once approved, Sam Support is signed out everywhere and signs in again as Finance.",
    ]);
    expect(whatARoleChangeDoes({ user: sam, to: "admin", isSelf: false, approvers: 1 }).lines[1]).toBe(
      "The other admin who may approve it is notified now.",
    );
    expect(whatARoleChangeDoes({ user: sam, to: "admin", isSelf: false, approvers: 0 }).lines[1]).toMatch(
      /^No other active admin can approve it now/,
    );
  });

  it("to support or viewer: it applies now, and says what is lost", () => {
    const fran = { email: "fran@example.com", name: "Fran", role: "finance" as const };
    const outcome = whatARoleChangeDoes({ user: fran, to: "viewer", isSelf: false, approvers: 2 });
    expect(outcome).toMatchObject({ waits: false, title: "Make fran@example.com Viewer now?" });
    expect(outcome.lines).toEqual([
      "This applies at once, with no second admin: Viewer needs no approval.",
      "Then Fran is signed out everywhere and signs in again as Viewer.",
      "Fran loses what Finance may do, now.",
    ]);
  });

  it("on one's own account, speaks to them", () => {
    const me = { email: "ada@example.com", name: "Ada", role: "admin" as const };
    expect(
      whatARoleChangeDoes({ user: me, to: "support", isSelf: true, approvers: 1 }).lines.slice(1),
    ).toEqual([
      "Then you are signed out everywhere and sign in again as Support.",
      "You lose what Admin may do, now.",
    ]);
  });
});
