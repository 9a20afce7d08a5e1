import { describe, expect, it } from "vitest";
import { capturedLogger } from "@/test-support/captured-log";
import { formatDuration, HealthState } from "./health-state";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("a dependency's health in the log", () => {
  it("is one failing line, summaries at most every ten minutes while it fails, and one working-again line", () => {
    const { log, records } = capturedLogger();
    const time = clock();
    const smtp = new HealthState("SMTP", log, { now: time.now });
    smtp.success();
    for (let minute = 0; minute < 25; minute++) {
      smtp.failure("no connection to the SMTP server", new Error("connect ECONNREFUSED 10.0.0.5:25"));
      time.advance(60_000);
    }
    smtp.success();
    smtp.success();
    time.advance(30 * 60_000);
    expect(records().map((record) => [record.level, record.msg])).toEqual([
      [40, "SMTP: failing (no connection to the SMTP server)"],
      [
        40,
        "SMTP: still failing (no connection to the SMTP server) after 10 min, 10 more failure(s) since the last line",
      ],
      [
        40,
        "SMTP: still failing (no connection to the SMTP server) after 20 min, 10 more failure(s) since the last line",
      ],
      [30, "SMTP: working again after 25 min (25 failure(s))"],
    ]);
    expect(records()[0]).toMatchObject({
      dependency: "SMTP",
      err: { message: "connect ECONNREFUSED 10.0.0.5:25" },
    });
    expect(smtp.snapshot()).toMatchObject({ failing: false, failingSince: null, consecutiveFailures: 0 });
  });

  it("counts as failing only after the threshold, from the first failure of the run, and forgets a blip", () => {
    const { log, records } = capturedLogger();
    const time = clock();
    const service = new HealthState("payment service", log, { failAfter: 3, now: time.now });
    service.failure("read invoice: no usable answer");
    service.failure("read invoice: no usable answer");
    service.success();
    expect(records()).toEqual([]);
    const firstAt = time.now();
    service.failure("read invoice: no usable answer");
    time.advance(5_000);
    service.failure("create invoice: no usable answer");
    expect(service.snapshot().failing).toBe(false);
    time.advance(5_000);
    service.failure("create invoice: an answer Paydesk cannot read");
    expect(service.snapshot()).toMatchObject({
      failing: true,
      failingSince: firstAt,
      consecutiveFailures: 3,
      lastFailure: "create invoice: an answer Paydesk cannot read",
    });
    expect(records().map((record) => record.msg)).toEqual([
      "payment service: failing (create invoice: an answer Paydesk cannot read)",
    ]);
  });

  it("writes at the level it was given", () => {
    const { log, records } = capturedLogger();
    const database = new HealthState("database", log, { level: "error" });
    database.failure("connection refused");
    database.failure("connection refused");
    expect(records().map((record) => record.level)).toEqual([50]);
  });
});

describe("formatDuration", () => {
  it("says seconds, minutes or hours", () => {
    expect(formatDuration(45_000)).toBe("45 s");
    expect(formatDuration(12 * 60_000 + 5_000)).toBe("12 min");
    expect(formatDuration(185 * 60_000)).toBe("3 h 5 min");
    expect(formatDuration(120 * 60_000)).toBe("2 h");
  });
});
