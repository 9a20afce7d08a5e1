import { describe, expect, it } from "vitest";
import { payoutNextStep } from "./next-step";
import { sideBySide } from "./side-by-side";

const ours = {
  state: "conflict",
  amount: "20",
  serviceAmount: null,
  currency: "USDT",
  address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  serviceId: "svc-1",
  updatedAt: "2026-11-28T10:00:00.000Z",
};

const report = (body: Record<string, unknown>, at = "2026-11-28T10:05:00.000Z") => ({
  rawBody: JSON.stringify(body),
  receivedAt: new Date(at),
  reportedStatus: typeof body.status === "string" ? body.status : null,
});

describe("a conflict side by side", () => {
  it("marks the amount the service paid that differs from the one asked, and nothing else", () => {
    const compared = sideBySide(
      ours,
      report({
        status: "paid",
        amount: "21.00",
        address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        withdrawal_id: "svc-1",
      }),
    );
    expect(compared?.lines.map((line) => [line.what, line.ours, line.theirs, line.differs])).toEqual([
      ["amount", "20", "21.00", true],
      ["address", ours.address, ours.address, false],
      ["service_id", "svc-1", "svc-1", false],
      ["status", "conflict", "paid", false],
      ["time", ours.updatedAt, "2026-11-28T10:05:00.000Z", false],
    ]);
  });

  it("keeps an amount's digits as sent and marks another address", () => {
    const compared = sideBySide(ours, {
      ...report({}),
      rawBody: '{"amount":20.000000000000000001,"address":"TOther","withdrawal_id":"svc-2"}',
    });
    expect(compared?.lines[0]).toMatchObject({ theirs: "20.000000000000000001", differs: true });
    expect(compared?.lines[1]).toMatchObject({ theirs: "TOther", differs: true });
    expect(compared?.lines[2]).toMatchObject({ what: "service_id", theirs: "svc-2", differs: true });
  });

  it("shows what the service did not say as unsaid, never as a difference; no report, no comparison", () => {
    const compared = sideBySide(ours, report({ status: "check" }));
    expect(compared?.lines.filter((line) => line.differs)).toEqual([]);
    expect(compared?.lines[0]?.theirs).toBeNull();
    expect(sideBySide(ours, null)).toBeNull();
  });

  it("with no report, sets the service's answer to the creation call beside Paydesk's record", () => {
    const answer = { id: "svc-9", address: "TOther", amount: "20", at: new Date("2026-11-28T10:01:00.000Z") };
    const compared = sideBySide(ours, null, answer);
    expect(compared?.basis).toBe("answer");
    expect(compared?.lines.map((line) => [line.what, line.theirs, line.differs])).toEqual([
      ["amount", "20", false],
      ["address", "TOther", true],
      ["service_id", "svc-9", true],
      ["status", null, false],
      ["time", "2026-11-28T10:01:00.000Z", false],
    ]);
  });

  it("takes the newer of a report and the answer", () => {
    const answer = {
      id: "svc-1",
      address: ours.address,
      amount: "20",
      at: new Date("2026-11-28T10:01:00.000Z"),
    };
    expect(sideBySide(ours, report({ amount: "21" }), answer)?.basis).toBe("report");
    expect(sideBySide(ours, report({ amount: "21" }, "2026-11-28T09:00:00.000Z"), answer)?.basis).toBe(
      "answer",
    );
  });
});

describe("the next step of a conflict", () => {
  const conflict = {
    state: "conflict" as const,
    closeProposedBy: null,
    paidProposedBy: null,
    nothingSentAt: null,
  };

  it("offers only recording it paid when the service says it paid", () => {
    const step = payoutNextStep({ ...conflict, serviceStatus: "paid" });
    expect(step).toContain("record it paid");
    expect(step).not.toContain("clos");
  });

  it("offers closing while the service has not said it paid", () => {
    expect(payoutNextStep({ ...conflict, serviceStatus: "check" })).toContain("propose closing");
  });
});
