import { describe, expect, it } from "vitest";
import { dayIn, formatDate, formatDateTime, formatRelative, formatTimeOfDay, zoneName } from "./time";

describe("formatDateTime", () => {
  it("writes the moment in the person's zone with the zone named", () => {
    expect(formatDateTime("2026-11-25T20:06:00Z", "Europe/Berlin")).toBe("25 Nov 2026, 21:06 CET");
    expect(formatDateTime("2026-11-25T20:06:00Z", "UTC")).toBe("25 Nov 2026, 20:06 UTC");
    expect(formatDateTime("2026-11-25T20:06:00Z", "America/New_York")).toBe("25 Nov 2026, 15:06 EST");
  });

  it("follows daylight saving time on both sides of the change", () => {
    // Europe: summer time ends 25 Oct 2026 at 01:00 UTC.
    expect(formatDateTime("2026-10-25T00:30:00Z", "Europe/Berlin")).toBe("25 Oct 2026, 02:30 CEST");
    expect(formatDateTime("2026-10-25T01:30:00Z", "Europe/Berlin")).toBe("25 Oct 2026, 02:30 CET");
    // United States: summer time starts 8 Mar 2026 at 07:00 UTC (02:00 EST jumps to 03:00 EDT).
    expect(formatDateTime("2026-03-08T06:59:00Z", "America/New_York")).toBe("8 Mar 2026, 01:59 EST");
    expect(formatDateTime("2026-03-08T07:00:00Z", "America/New_York")).toBe("8 Mar 2026, 03:00 EDT");
  });

  it("crosses midnight into the zone's own date", () => {
    expect(formatDateTime("2026-11-25T23:30:00Z", "Asia/Tokyo")).toBe("26 Nov 2026, 08:30 GMT+9");
    expect(formatDateTime("2026-11-26T00:00:00Z", "UTC")).toBe("26 Nov 2026, 00:00 UTC");
    expect(formatDateTime("2026-01-01T04:00:00Z", "America/Los_Angeles")).toBe("31 Dec 2025, 20:00 PST");
  });

  it("names a zone English has no abbreviation for by its offset, half hours included", () => {
    expect(zoneName("2026-11-25T12:00:00Z", "Asia/Kolkata")).toMatch(/^(IST|GMT\+5:30)$/);
    expect(formatTimeOfDay("2026-11-25T12:00:00Z", "Asia/Kathmandu")).toBe("17:45 GMT+5:45");
  });

  it("adds seconds when asked", () => {
    expect(formatDateTime("2026-11-25T20:06:05.900Z", "Europe/Berlin", { seconds: true })).toBe(
      "25 Nov 2026, 21:06:05 CET",
    );
  });

  it("takes a Date as well as an ISO string", () => {
    expect(formatDate(new Date("2026-09-03T10:00:00Z"), "UTC")).toBe("3 Sep 2026");
  });
});

describe("dayIn", () => {
  it("is the calendar day in that zone", () => {
    expect(dayIn("2026-11-25T23:30:00Z", "UTC")).toBe("2026-11-25");
    expect(dayIn("2026-11-25T23:30:00Z", "Europe/Berlin")).toBe("2026-11-26");
  });
});

describe("formatRelative", () => {
  it("says how long ago or how long until", () => {
    const now = new Date("2026-11-25T20:00:00Z");
    expect(formatRelative("2026-11-25T17:00:00Z", now)).toBe("3 hours ago");
    expect(formatRelative("2026-11-25T20:12:00Z", now)).toBe("in 12 minutes");
  });
});
