import { describe, expect, it } from "vitest";
import { lastDigestMoment } from "./digest-schedule";

const at = (iso: string) => new Date(iso);
const last = (now: string, time: string, zone: string) => lastDigestMoment(at(now), time, zone).toISOString();

describe("the moment a daily digest was last due", () => {
  it("is today's time in the person's zone once it has passed, yesterday's before", () => {
    // 08:00 in Berlin is 07:00 UTC in winter.
    expect(last("2026-11-26T07:00:00Z", "08:00", "Europe/Berlin")).toBe("2026-11-26T07:00:00.000Z");
    expect(last("2026-11-26T06:59:59Z", "08:00", "Europe/Berlin")).toBe("2026-11-25T07:00:00.000Z");
    expect(last("2026-11-26T07:00:00Z", "08:00", "UTC")).toBe("2026-11-25T08:00:00.000Z");
  });

  it("follows the zone's own day across midnight in UTC", () => {
    // 23:30 UTC on the 25th is already the 26th in Tokyo (08:30 JST): the 26th's 08:00 is due.
    expect(last("2026-11-25T23:30:00Z", "08:00", "Asia/Tokyo")).toBe("2026-11-25T23:00:00.000Z");
    // 04:00 UTC on the 26th is still the 25th in New York (23:00 EST): the 25th's 18:00.
    expect(last("2026-11-26T04:00:00Z", "18:00", "America/New_York")).toBe("2026-11-25T23:00:00.000Z");
    // Kathmandu is 5:45 ahead.
    expect(last("2026-11-26T03:00:00Z", "08:00", "Asia/Kathmandu")).toBe("2026-11-26T02:15:00.000Z");
  });

  it("keeps the local time across a daylight-saving change, and moves a missing time an hour on", () => {
    // Berlin springs forward on 29 March 2026: 08:00 CEST is 06:00 UTC, the day before 07:00 UTC.
    expect(last("2026-03-29T06:00:00Z", "08:00", "Europe/Berlin")).toBe("2026-03-29T06:00:00.000Z");
    expect(last("2026-03-29T05:59:00Z", "08:00", "Europe/Berlin")).toBe("2026-03-28T07:00:00.000Z");
    // 02:30 does not exist that night in Berlin: it is taken as 03:30 CEST.
    expect(last("2026-03-29T12:00:00Z", "02:30", "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
    // Back on 25 October: 08:00 CET is 07:00 UTC again.
    expect(last("2026-10-25T07:00:00Z", "08:00", "Europe/Berlin")).toBe("2026-10-25T07:00:00.000Z");
  });
});
