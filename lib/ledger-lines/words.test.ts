import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { whereaboutsOf } from "./whereabouts";
import { accountInWords, evidenceInWords, whatHappened } from "./words";

const orderIds = new Map([
  ["w1", "wd_1"],
  ["i1", "inv_1"],
]);

describe("the ledger's words", () => {
  it("names accounts from the page's point of view", () => {
    const payoutPage = { of: "payout", withdrawalId: "w1", refund: false } as const;
    expect(accountInWords("world", payoutPage, orderIds)).toBe("recipient");
    expect(accountInWords("payout:w1:in_flight", payoutPage, orderIds)).toBe("this payout, at the service");
    expect(accountInWords("payout:w2:reserved", payoutPage, orderIds)).toBe("a payout, held");
    const invoicePage = { of: "invoice", invoiceId: "i2" } as const;
    expect(accountInWords("world", invoicePage, orderIds)).toBe("customer");
    expect(accountInWords("invoice:i1", invoicePage, orderIds)).toBe("invoice inv_1");
    expect(accountInWords("refund:w1:reserved", invoicePage, orderIds)).toBe("refund wd_1, held");
  });

  it("says what happened, and what told Paydesk", () => {
    expect(whatHappened({ kind: "reserved", toAccount: "payout:w1:reserved" })).toBe("Payout reserved");
    expect(whatHappened({ kind: "received_adjusted", toAccount: "world" })).toBe(
      "Correction of the received total",
    );
    expect(whatHappened({ kind: "reversed", toAccount: "refund:w1:in_flight" })).toBe("Reversed");
    const nobody = { actorName: null, actorEmail: null };
    expect(evidenceInWords({ evidence: "migration", ...nobody })).toBe(
      "Booked when the books began (migration)",
    );
    expect(evidenceInWords({ evidence: "repair", ...nobody })).toBe("Ledger repair");
    expect(evidenceInWords({ evidence: "person", ...nobody })).toBe("A person");
    expect(evidenceInWords({ evidence: "person", actorName: "a@x.test", actorEmail: "a@x.test" })).toBe(
      "a@x.test",
    );
  });

  it("says where a payout's money is: only the places holding some of it", () => {
    const balances = new Map([
      ["merchant", new Decimal(-10)],
      ["payout:w1:in_flight", new Decimal(0)],
      ["world", new Decimal(9)],
      ["fees", new Decimal(1)],
    ]);
    expect(whereaboutsOf(balances, false)).toEqual([
      { where: "Paid to the recipient", amount: "9" },
      { where: "Taken by the service as its fee", amount: "1" },
    ]);
    expect(whereaboutsOf(new Map([["refund:w1:in_flight", new Decimal(5)]]), true)).toEqual([
      { where: "Sent to the service, not known to be paid", amount: "5" },
    ]);
  });
});
