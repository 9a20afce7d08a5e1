import { describe, expect, it } from "vitest";
import { daysBefore, startOfDayIn } from "./day-start";
import { dayIn } from "./time";

describe("when a day begins in a zone", () => {
  it("is midnight of that zone, as an instant", () => {
    expect(startOfDayIn("2026-11-25", "UTC").toISOString()).toBe("2026-11-25T00:00:00.000Z");
    expect(startOfDayIn("2026-11-25", "Europe/Berlin").toISOString()).toBe("2026-11-24T23:00:00.000Z");
    expect(startOfDayIn("2026-07-01", "Europe/Berlin").toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(startOfDayIn("2026-11-25", "America/New_York").toISOString()).toBe("2026-11-25T05:00:00.000Z");
    expect(startOfDayIn("2026-11-25", "Asia/Kolkata").toISOString()).toBe("2026-11-24T18:30:00.000Z");
  });

  it("on the days the clocks change, uses the offset in force at that midnight", () => {
    // Berlin: summer time starts 29 Mar 2026 at 02:00 and ends 25 Oct 2026 at 03:00.
    expect(startOfDayIn("2026-03-29", "Europe/Berlin").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfDayIn("2026-03-30", "Europe/Berlin").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(startOfDayIn("2026-10-25", "Europe/Berlin").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(startOfDayIn("2026-10-26", "Europe/Berlin").toISOString()).toBe("2026-10-25T23:00:00.000Z");
    // Santiago changes at midnight itself (00:00 becomes 01:00 on 6 Sep 2026): the day starts at 01:00.
    expect(startOfDayIn("2026-09-06", "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
  });

  it("is the first instant of the day: a millisecond before is the day before", () => {
    for (const zone of [
      "Europe/Berlin",
      "America/Los_Angeles",
      "Australia/Lord_Howe",
      "Pacific/Kiritimati",
    ]) {
      const start = startOfDayIn("2026-11-25", zone);
      expect(dayIn(start, zone)).toBe("2026-11-25");
      expect(dayIn(new Date(start.getTime() - 1), zone)).toBe("2026-11-24");
    }
  });

  it("counts calendar days back across a month's end", () => {
    expect(daysBefore("2026-03-02", 6)).toBe("2026-02-24");
    expect(daysBefore("2026-01-01", 1)).toBe("2025-12-31");
  });
});
