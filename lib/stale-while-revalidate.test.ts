import { describe, expect, it, vi } from "vitest";
import { staleWhileRevalidate } from "./stale-while-revalidate";
import { reportError } from "@/lib/log/report-error";

vi.mock("@/lib/log/report-error", () => ({ reportError: vi.fn() }));

function clock(start = 0) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

describe("staleWhileRevalidate", () => {
  it("computes once for the first readers, then answers from the snapshot while it is fresh", async () => {
    const time = clock();
    const compute = vi.fn(async (key: string) => `${key}#${compute.mock.calls.length}`);
    const read = staleWhileRevalidate(compute, { freshMs: 1_000, now: time.now });
    const [a, b] = await Promise.all([read("day-1"), read("day-1")]);
    expect(a.value).toBe("day-1#1");
    expect(b).toBe(a);
    time.advance(999);
    expect((await read("day-1")).value).toBe("day-1#1");
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it("answers the stale value at once and recomputes once in the background", async () => {
    const time = clock();
    let release: () => void = () => {};
    let calls = 0;
    const read = staleWhileRevalidate(
      async () => {
        calls++;
        if (calls > 1) await new Promise<void>((resolve) => (release = resolve));
        return calls;
      },
      { freshMs: 1_000, now: time.now },
    );
    expect((await read("k")).value).toBe(1);
    time.advance(1_001);
    expect((await read("k")).value).toBe(1);
    expect((await read("k")).value).toBe(1);
    expect(calls).toBe(2);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await read("k")).value).toBe(2);
  });

  it("keeps the last good value when a recomputation fails, and the first reader sees a first failure", async () => {
    const time = clock();
    let fail = true;
    const read = staleWhileRevalidate(
      async () => {
        if (fail) throw new Error("database gone");
        return "ok";
      },
      { freshMs: 10, now: time.now },
    );
    await expect(read("k")).rejects.toThrow("database gone");
    fail = false;
    expect((await read("k")).value).toBe("ok");
    fail = true;
    time.advance(11);
    expect((await read("k")).value).toBe("ok");
    await new Promise((resolve) => setImmediate(resolve));
    expect((await read("k")).value).toBe("ok");
    expect(reportError).toHaveBeenCalledWith(
      expect.any(String),
      expect.any(String),
      expect.objectContaining({ message: "database gone" }),
    );
  });

  it("forgets an old key when asked for a new one", async () => {
    const compute = vi.fn(async (key: string) => key);
    const read = staleWhileRevalidate(compute, { freshMs: 60_000 });
    await read("monday");
    await read("tuesday");
    await read("monday");
    expect(compute.mock.calls.map(([key]) => key)).toEqual(["monday", "tuesday", "monday"]);
  });
});
