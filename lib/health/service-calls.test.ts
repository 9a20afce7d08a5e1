import { describe, expect, it } from "vitest";
import { capturedLogger } from "@/test-support/captured-log";
import { HealthState } from "./health-state";
import { noteServiceCall } from "./service-calls";

describe("the payment service's health, from its calls", () => {
  it("fails after three calls with no usable answer, not for refusals or rate limits, and works again on an answer", () => {
    const { log, records } = capturedLogger();
    const service = new HealthState("payment service", log, { failAfter: 3 });
    noteServiceCall(service, "create invoice", "refused");
    noteServiceCall(service, "create invoice", "rate limited");
    noteServiceCall(service, "read invoice", "unavailable");
    noteServiceCall(service, "read invoice", "rate limited");
    noteServiceCall(service, "read invoice", "unexpected");
    expect(service.snapshot().failing).toBe(false);
    noteServiceCall(service, "create withdrawal", "unavailable");
    expect(service.snapshot().failing).toBe(true);
    noteServiceCall(service, "read invoice", "refused");
    expect(records().map((record) => record.msg)).toEqual([
      "payment service: failing (create withdrawal: no usable answer (no connection, a timeout or a 5xx))",
      expect.stringMatching(/^payment service: working again after \d+ ms \(3 failure\(s\)\)$/),
    ]);
  });
});
