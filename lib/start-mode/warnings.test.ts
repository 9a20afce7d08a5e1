import { afterEach, describe, expect, it, vi } from "vitest";
import { demoDatabaseWarning, PUBLIC_DEMO_REMINDER_MS, warnOfPublicDemo } from "./warnings";

afterEach(() => {
  vi.useRealTimers();
});

describe("a demo served to other machines", () => {
  it("says so at start and again every hour, naming the address and the published password", () => {
    vi.useFakeTimers();
    const warn = vi.fn();
    const stop = warnOfPublicDemo("0.0.0.0", warn);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/reachable from other machines on 0\.0\.0\.0[\s\S]*paydesk-demo/);

    vi.advanceTimersByTime(PUBLIC_DEMO_REMINDER_MS - 1);
    expect(warn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(warn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(2 * PUBLIC_DEMO_REMINDER_MS);
    expect(warn).toHaveBeenCalledTimes(4);

    stop();
    vi.advanceTimersByTime(PUBLIC_DEMO_REMINDER_MS);
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it("names every interface when no address was given", () => {
    const warn = vi.fn();
    warnOfPublicDemo(undefined, warn)();
    expect(warn.mock.calls[0]?.[0]).toContain("on every interface");
  });
});

describe("a production start on a database demo mode started", () => {
  const mark = { mode: "demo" as const, at: "2026-03-02T09:00:00.000Z" };

  it("names the accounts that still take the published password, and what to do", () => {
    expect(demoDatabaseWarning(mark, ["admin@example.com", "finance@example.com"])).toMatch(
      /first started in demo mode \(2026-03-02T09:00:00\.000Z\)[\s\S]*admin@example\.com, finance@example\.com\. Disable them/,
    );
  });

  it("says when none does any more", () => {
    expect(demoDatabaseWarning(mark, [])).toMatch(/No demo account signs in with the published password/);
  });
});
