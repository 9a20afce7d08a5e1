import { describe, expect, it } from "vitest";
import { waitsForAnotherAdmin } from "./describe";

describe("what the proposer of a change is told", () => {
  it("names how many admins were notified, instead of 'ask another admin'", () => {
    expect(waitsForAnotherAdmin(1)).toBe(
      "The other admin who may approve it was notified; it applies once they approve it under Pending changes.",
    );
    expect(waitsForAnotherAdmin(3)).toBe(
      "The 3 other admins who may approve it were notified; it applies once one of them approves it under Pending changes.",
    );
  });

  it("with nobody to notify, says how to get it applied", () => {
    expect(waitsForAnotherAdmin(0)).toMatch(
      /^No other active admin can approve it: .*node paydesk.cjs change:break-glass/,
    );
  });
});
