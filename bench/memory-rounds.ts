/**
 * Memory over time (issue 13, item 6): one `next start` on PostgreSQL (on PGlite the database's
 * own pages live in the server's process and grow with the data, which would hide the server's
 * memory behind the database's), three rounds of a webhook run (signed webhooks for
 * invoices not seen before, until every one is processed) and a list run (every list scenario and
 * the home page). Resident memory of the server's process tree idle at the start, sampled during
 * each run (its peak) and read after it. What a leak looks like: peaks still growing between the
 * second and the third round, once caches and the JIT have settled.
 */
import type { Figure } from "./figures";
import { listScenarios } from "./list-bench";
import { timeListPages } from "./list-over-http";
import { round } from "./measure";
import { BENCH_PASSWORD, BENCH_USERS } from "./bench-users";
import { signInCookie, startNextServer } from "./next-server";
import { seedInvoices } from "./seed";
import { freshDatabase } from "./webhooks/bench-database";
import { runLoad } from "./webhooks/load";
import { createSandboxInvoices, insertLocalInvoices, type BenchInvoice } from "./webhooks/sandbox-invoices";
import { signInBenchAdmin, waitUntilNothingPending } from "./webhooks/wait-for-processing";
import { webhookBodies } from "./webhooks/webhook-bodies";

const ROUNDS = 3;
/**
 * The server runs with a heap budget, as in a container with a memory limit. Without one, V8 on
 * this 23 GiB machine lets the heap grow between full collections by whatever it likes (185, then
 * 237, then 304 MiB committed over the rounds with --trace-gc) while what is live after each
 * collection stays at 60–80 MiB, so resident memory would measure V8's appetite, not a leak.
 */
const HEAP_BUDGET = "--max-old-space-size=256";
const LIST_ROWS = 20_000;

export interface MemoryRound {
  idleMiB: number;
  afterWebhooksMiB: number;
  afterListMiB: number;
  /** The highest resident memory sampled during each run (every 100 ms). */
  peakWebhooksMiB: number;
  peakListMiB: number;
}

export async function benchMemoryRounds(options: {
  port: number;
  webhooksPerRound: number;
  listRuns: number;
}): Promise<MemoryRound[]> {
  const database = await freshDatabase("PostgreSQL");
  let server = await startNextServer({ port: options.port, env: database.env });
  const perRound: BenchInvoice[][] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      perRound.push(
        await createSandboxInvoices(server.baseUrl, options.webhooksPerRound, { prefix: `mem${round}` }),
      );
    }
  } finally {
    await server.stop();
  }
  const seeding = await database.open();
  await seedInvoices(seeding.db, LIST_ROWS);
  await insertLocalInvoices(seeding.db, perRound.flat());
  const scenarios = await listScenarios(seeding.db, LIST_ROWS);
  await seeding.close();

  server = await startNextServer({ port: options.port, env: { ...database.env, NODE_OPTIONS: HEAP_BUDGET } });
  const rounds: MemoryRound[] = [];
  try {
    const cookie = await signInCookie(server.baseUrl, BENCH_USERS.support, BENCH_PASSWORD);
    const admin = await signInBenchAdmin(server.baseUrl);
    for (const invoices of perRound) {
      const idle = server.rss();
      const peakWebhooks = await peakDuring(server.rss, async () => {
        const webhooks = await runLoad({
          url: `${server.baseUrl}/api/webhooks/payments`,
          bodies: webhookBodies(invoices),
          connections: 32,
        });
        if ((webhooks.statuses["200"] ?? 0) !== webhooks.requests) {
          throw new Error(`memory rounds: webhooks answered ${JSON.stringify(webhooks.statuses)}`);
        }
        await waitUntilNothingPending(server.baseUrl, admin, 600_000);
      });
      const afterWebhooks = server.rss();
      const peakList = await peakDuring(server.rss, () =>
        timeListPages(server.baseUrl, cookie, scenarios, options.listRuns),
      );
      rounds.push({
        idleMiB: mib(idle),
        afterWebhooksMiB: mib(afterWebhooks),
        afterListMiB: mib(server.rss()),
        peakWebhooksMiB: mib(peakWebhooks),
        peakListMiB: mib(peakList),
      });
      console.log(`[bench] memory, round ${rounds.length}:`, rounds.at(-1));
    }
  } finally {
    await server.stop();
    await database.dispose();
  }
  return rounds;
}

/**
 * Growth from the second round to the third of each round's peak (the highest reading during its
 * webhook and list runs). A single reading lands anywhere on the garbage collector's saw: the
 * heap left after a full collection stays near 60 MiB round after round (--trace-gc), while V8
 * lets it grow to about 170 MiB between collections, so one reading may differ from the next by
 * 20 % with nothing leaking. A round's peak is the saw's top, which is what a leak would raise.
 * The readings after each run are in the JSON, round 1's idle memory in the table.
 */
export function memoryFigures(rounds: readonly MemoryRound[]): Figure[] {
  const [first, second, third] = rounds;
  if (!first || !second || !third) return [];
  const peakOf = (round: MemoryRound) => Math.max(round.peakWebhooksMiB, round.peakListMiB);
  const ratio = round(peakOf(third) / peakOf(second));
  return [
    {
      name: "server RSS idle, before round 1 (PostgreSQL)",
      value: first.idleMiB,
      unit: "MiB",
      target: "reported",
    },
    ...(["afterWebhooksMiB", "afterListMiB"] as const).map((key): Figure => ({
      name: `server RSS ${key === "afterWebhooksMiB" ? "after the webhook run" : "after the list run"}, round 3 (PostgreSQL)`,
      value: third[key],
      unit: "MiB",
      baseline: second[key],
      baselineName: "round 2",
      ratio: round(third[key] / second[key]),
      target: "reported",
    })),
    {
      name: "server peak RSS during round 3, webhooks and list (PostgreSQL)",
      value: peakOf(third),
      unit: "MiB",
      baseline: peakOf(second),
      baselineName: "round 2",
      ratio,
      target: "< 1.1 x round 2",
      met: ratio < 1.1,
    },
  ];
}

const mib = (bytes: number) => round(bytes / 2 ** 20, 0);

/** The highest of `read()` sampled every 100 ms while `run` runs, and once more at its end. */
async function peakDuring(read: () => number, run: () => Promise<unknown>): Promise<number> {
  let peak = read();
  const sampler = setInterval(() => {
    peak = Math.max(peak, read());
  }, 100);
  try {
    await run();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, read());
}
