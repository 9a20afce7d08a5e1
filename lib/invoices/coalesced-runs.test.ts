import { describe, expect, it } from "vitest";
import { CoalescedRuns } from "./coalesced-runs";

/** A run the test finishes by hand, so what overlaps what is decided here, not by a clock. */
function manualRuns() {
  const started: { label: string; finish: (value: string) => void; fail: (error: Error) => void }[] = [];
  const task = (label: string) => () =>
    new Promise<string>((resolve, reject) => started.push({ label, finish: resolve, fail: reject }));
  return { started, task };
}
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("one run per key at a time, with one follow-up for everyone who asked meanwhile", () => {
  it("runs the first ask at once and folds every ask made during it into one more run after it", async () => {
    const runs = new CoalescedRuns<string>();
    const { started, task } = manualRuns();
    const first = runs.run("inv", task("first"));
    const second = runs.run("inv", task("second"));
    const third = runs.run("inv", task("third"));
    await turn();
    expect(started.map((run) => run.label)).toEqual(["first"]);

    started[0]?.finish("answer 1");
    expect(await first).toBe("answer 1");
    await turn();
    expect(started.map((run) => run.label)).toEqual(["first", "second"]);
    started[1]?.finish("answer 2");
    expect(await Promise.all([second, third])).toEqual(["answer 2", "answer 2"]);
  });

  it("starts another run for an ask made once the follow-up has started", async () => {
    const runs = new CoalescedRuns<string>();
    const { started, task } = manualRuns();
    void runs.run("inv", task("first"));
    const followUp = runs.run("inv", task("follow-up"));
    await turn();
    started[0]?.finish("1");
    await turn();
    const later = runs.run("inv", task("later"));
    started[1]?.finish("2");
    expect(await followUp).toBe("2");
    await turn();
    expect(started.map((run) => run.label)).toEqual(["first", "follow-up", "later"]);
    started[2]?.finish("3");
    expect(await later).toBe("3");
  });

  it("keeps keys apart, and passes a failure to the askers of that run only", async () => {
    const runs = new CoalescedRuns<string>();
    const { started, task } = manualRuns();
    const a = runs.run("a", task("a"));
    const b = runs.run("b", task("b"));
    const aAgain = runs.run("a", task("a again"));
    await turn();
    expect(started.map((run) => run.label)).toEqual(["a", "b"]);
    started[0]?.fail(new Error("service down"));
    await expect(a).rejects.toThrow("service down");
    await turn();
    started[2]?.finish("a fine now");
    started[1]?.finish("b fine");
    expect(await Promise.all([aAgain, b])).toEqual(["a fine now", "b fine"]);
  });
});
