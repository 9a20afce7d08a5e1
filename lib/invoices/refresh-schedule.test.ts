import { describe, expect, it } from "vitest";
import {
  AFTER_EXPIRY_POLLING_MS,
  MAX_OPEN_INTERVAL_MS,
  nextRefreshAt,
  OPEN_INTERVAL_MS,
} from "./refresh-schedule";
import { normaliseInvoiceStatus } from "./status";

const now = new Date("2026-11-25T12:00:00Z");
const minutes = (count: number) => count * 60_000;
const ago = (ms: number) => new Date(now.getTime() - ms);
const later = (ms: number) => new Date(now.getTime() + ms);
/** The status and finality Paydesk stores for the service's word. */
const said = (serviceStatus: string) => normaliseInvoiceStatus(serviceStatus);
const waitOf = (next: Date | null) => (next ? next.getTime() - now.getTime() : null);

describe("when the loop polls an open invoice again", () => {
  it("polls a young invoice every 30 seconds, its customer is likely paying now", () => {
    const next = nextRefreshAt({
      ...said("pending"),
      expiresAt: later(minutes(15)),
      createdAt: ago(60_000),
      now,
    });
    expect(waitOf(next)).toBe(OPEN_INTERVAL_MS);
  });

  it("polls an older invoice every tenth of its age, at most every 5 minutes", () => {
    const expiresAt = later(minutes(24 * 60));
    expect(waitOf(nextRefreshAt({ ...said("pending"), expiresAt, createdAt: ago(minutes(20)), now }))).toBe(
      minutes(2),
    );
    expect(waitOf(nextRefreshAt({ ...said("pending"), expiresAt, createdAt: ago(minutes(600)), now }))).toBe(
      MAX_OPEN_INTERVAL_MS,
    );
  });

  it("counts an invoice of unknown age as young", () => {
    expect(waitOf(nextRefreshAt({ ...said("pending"), expiresAt: null, createdAt: null, now }))).toBe(
      OPEN_INTERVAL_MS,
    );
  });

  it("looks shortly after the expiry rather than a whole interval later", () => {
    const expiresAt = later(minutes(1));
    const next = nextRefreshAt({ ...said("pending"), expiresAt, createdAt: ago(minutes(600)), now });
    expect(next?.getTime()).toBe(expiresAt.getTime() + OPEN_INTERVAL_MS);
  });

  it("keeps polling an open invoice after expiry until 3 days past it; a paid invoice is never polled", () => {
    const createdAt = ago(minutes(30));
    expect(nextRefreshAt({ ...said("pending"), expiresAt: ago(minutes(5)), createdAt, now })).not.toBeNull();
    expect(
      nextRefreshAt({ ...said("pending"), expiresAt: ago(AFTER_EXPIRY_POLLING_MS - 1), createdAt, now }),
    ).not.toBeNull();
    expect(
      nextRefreshAt({ ...said("pending"), expiresAt: ago(AFTER_EXPIRY_POLLING_MS), createdAt, now }),
    ).toBeNull();
    expect(nextRefreshAt({ ...said("paid"), expiresAt: later(minutes(5)), createdAt, now })).toBeNull();
  });
});

describe("polling after expiry (issue 22, item 11)", () => {
  const expiresAt = ago(minutes(24 * 60));
  const createdAt = ago(minutes(25 * 60));
  const hours = (count: number) => minutes(count * 60);
  const sinceExpiry = (at: Date) => at.getTime() - expiresAt.getTime();

  /** Every poll of an invoice the service keeps calling `serviceStatus`, from the look shortly after expiry. */
  function pollsAfterExpiry(serviceStatus: string): Date[] {
    const polls: Date[] = [];
    let next: Date | null = new Date(expiresAt.getTime() + OPEN_INTERVAL_MS);
    while (next && polls.length < 1000) {
      polls.push(next);
      next = nextRefreshAt({ ...said(serviceStatus), expiresAt, createdAt, now: next });
    }
    return polls;
  }

  it("still polls an expired invoice 2 hours after expiry, so a late payment is seen, and stops after 3 days", () => {
    const polls = pollsAfterExpiry("cancel");
    const around2h = polls.find((at) => sinceExpiry(at) >= hours(2));
    expect(around2h && sinceExpiry(around2h)).toBeLessThanOrEqual(hours(2) + minutes(13));
    expect(sinceExpiry(polls.at(-1) ?? expiresAt)).toBe(hours(72));
    expect(nextRefreshAt({ ...said("cancel"), expiresAt, createdAt, now: later(hours(48) + 1) })).toBeNull();
  });

  it("polls every tenth of the time since expiry, at least every 5 minutes, at most every 6 hours", () => {
    const polls = pollsAfterExpiry("wrong_amount");
    const gaps = polls.slice(1).map((at, i) => at.getTime() - (polls[i]?.getTime() ?? 0));
    expect(Math.min(...gaps.slice(0, -1))).toBeGreaterThanOrEqual(minutes(5));
    expect(Math.max(...gaps)).toBe(hours(6));
    expect(polls.length).toBeLessThan(80);
    const at10h = nextRefreshAt({
      ...said("cancel"),
      expiresAt,
      createdAt,
      now: new Date(expiresAt.getTime() + hours(10)),
    });
    expect(at10h && sinceExpiry(at10h)).toBe(hours(11));
  });

  it("keeps polling whatever can still change, final or not; paid, overpaid and failed stop at once", () => {
    const twoHoursAfter = new Date(expiresAt.getTime() + hours(2));
    const beforeExpiry = ago(hours(25));
    for (const word of ["pending", "wrong_amount_waiting", "wrong_amount", "cancel", "something_new"]) {
      expect(nextRefreshAt({ ...said(word), expiresAt, createdAt, now: twoHoursAfter })).not.toBeNull();
    }
    for (const word of ["paid", "paid_over", "fail"]) {
      expect(nextRefreshAt({ ...said(word), expiresAt, createdAt, now: twoHoursAfter })).toBeNull();
      expect(nextRefreshAt({ ...said(word), expiresAt, createdAt, now: beforeExpiry })).toBeNull();
    }
  });

  it("stops at once for a final status when the service gave no expiry (the 3 days cannot be counted)", () => {
    expect(nextRefreshAt({ ...said("cancel"), expiresAt: null, createdAt, now })).toBeNull();
    expect(
      nextRefreshAt({ ...said("wrong_amount_waiting"), expiresAt: null, createdAt, now }),
    ).not.toBeNull();
  });
});
