import { describe, expect, it } from "vitest";
import { KNOWN_INVOICE_SERVICE_STATUSES } from "@/lib/invoices/status";
import { FINAL_SERVICE_STATUSES } from "@/lib/withdrawals/service-status";
import { WEBHOOK_OUTCOMES } from "@/lib/webhooks/list-filter";
import { UNKNOWN_STATUS_PHRASE, serviceStatusWords, webhookOutcomeLabel } from "./service-words";

describe("service words", () => {
  it("has plain words for every invoice status Paydesk knows", () => {
    for (const status of KNOWN_INVOICE_SERVICE_STATUSES) {
      const words = serviceStatusWords("invoice", status);
      expect(words.unrecognised, status).toBeNull();
      expect(words.label, status).not.toContain("_");
    }
    expect(serviceStatusWords("invoice", "paid_over").label).toBe("Paid more than asked");
    expect(serviceStatusWords("invoice", "Wrong-Amount waiting").label).toBe(
      "Paid less than asked; the link still takes payments",
    );
  });

  it("has plain words for every withdrawal status Paydesk knows", () => {
    for (const status of [...FINAL_SERVICE_STATUSES, "process", "check"]) {
      expect(serviceStatusWords("withdrawal", status).unrecognised, status).toBeNull();
    }
    expect(serviceStatusWords("withdrawal", "check").label).toBe("Being checked before sending");
  });

  it("has a label for every webhook outcome", () => {
    for (const outcome of WEBHOOK_OUTCOMES) {
      expect(webhookOutcomeLabel(outcome), outcome).not.toContain("does not know");
    }
  });

  it("shows an unknown status as a phrase, its word only for the details panel", () => {
    expect(serviceStatusWords("withdrawal", "on_hold")).toEqual({
      label: UNKNOWN_STATUS_PHRASE,
      unrecognised: "Unrecognised status 'on_hold'",
    });
    expect(serviceStatusWords("invoice", "frozen").label).toBe("a status Paydesk does not know");
  });
});
