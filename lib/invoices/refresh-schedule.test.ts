import { describe, expect, it } from "vitest";
import {
  AFTER_EXPIRY_GRACE_MS,
  MAX_OPEN_INTERVAL_MS,
  nextRefreshAt,
  OPEN_INTERVAL_MS,
} from "./refresh-schedule";

const now = new Date("2026-11-25T12:00:00Z");
const minutes = (count: number) => count * 60_000;
const ago = (ms: number) => new Date(now.getTime() - ms);
const later = (ms: number) => new Date(now.getTime() + ms);
const waitOf = (next: Date | null) => (next ? next.getTime() - now.getTime() : null);

describe("when the loop polls an open invoice again", () => {
  it("polls a young invoice every 30 seconds, its customer is likely paying now", () => {
    const next = nextRefreshAt({
      isFinal: false,
      expiresAt: later(minutes(15)),
      createdAt: ago(60_000),
      now,
    });
    expect(waitOf(next)).toBe(OPEN_INTERVAL_MS);
  });

  it("polls an older invoice every tenth of its age, at most every 5 minutes", () => {
    const expiresAt = later(minutes(24 * 60));
    expect(waitOf(nextRefreshAt({ isFinal: false, expiresAt, createdAt: ago(minutes(20)), now }))).toBe(
      minutes(2),
    );
    expect(waitOf(nextRefreshAt({ isFinal: false, expiresAt, createdAt: ago(minutes(600)), now }))).toBe(
      MAX_OPEN_INTERVAL_MS,
    );
  });

  it("counts an invoice of unknown age as young", () => {
    expect(waitOf(nextRefreshAt({ isFinal: false, expiresAt: null, createdAt: null, now }))).toBe(
      OPEN_INTERVAL_MS,
    );
  });

  it("looks shortly after the expiry rather than a whole interval later", () => {
    const expiresAt = later(minutes(1));
    const next = nextRefreshAt({ isFinal: false, expiresAt, createdAt: ago(minutes(600)), now });
    expect(next?.getTime()).toBe(expiresAt.getTime() + OPEN_INTERVAL_MS);
  });

  it("keeps polling through the grace after expiry, then stops; a final invoice is never polled", () => {
    const createdAt = ago(minutes(30));
    expect(nextRefreshAt({ isFinal: false, expiresAt: ago(minutes(5)), createdAt, now })).not.toBeNull();
    expect(
      nextRefreshAt({ isFinal: false, expiresAt: ago(AFTER_EXPIRY_GRACE_MS + 1), createdAt, now }),
    ).toBeNull();
    expect(nextRefreshAt({ isFinal: true, expiresAt: later(minutes(5)), createdAt, now })).toBeNull();
  });
});
