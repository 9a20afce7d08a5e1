import { describe, expect, it } from "vitest";
import { createWriteBatcher } from "./write-batcher";

describe("the write batcher (group commit)", () => {
  it("writes what is asked for in one turn together, and what arrives meanwhile in the next write", async () => {
    const writes: number[][] = [];
    const write = createWriteBatcher(async (items: readonly number[]) => {
      writes.push([...items]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items.map((item) => item * 10);
    });
    const first = [1, 2].map(write);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual([[1, 2]]);
    const rest = [3, 4, 5].map(write);
    expect(await Promise.all([...first, ...rest])).toEqual([10, 20, 30, 40, 50]);
    expect(writes).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it("keeps batches within the maximum size", async () => {
    const sizes: number[] = [];
    const write = createWriteBatcher(
      async (items: readonly number[]) => {
        sizes.push(items.length);
        await Promise.resolve();
        return [...items];
      },
      { maxBatch: 3 },
    );
    await Promise.all(Array.from({ length: 8 }, (_, i) => write(i)));
    expect(sizes).toEqual([3, 3, 2]);
  });

  it("when a batch fails, writes its items one by one so only the bad one fails", async () => {
    const write = createWriteBatcher(async (items: readonly string[]) => {
      await Promise.resolve();
      if (items.includes("bad")) throw new Error("bad row");
      return items.map((item) => item.toUpperCase());
    });
    const blocker = write("first");
    const results = await Promise.allSettled([write("a"), write("bad"), write("b")]);
    expect(await blocker).toBe("FIRST");
    expect(results.map((result) => (result.status === "fulfilled" ? result.value : "rejected"))).toEqual([
      "A",
      "rejected",
      "B",
    ]);
  });
});
