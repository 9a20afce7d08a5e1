/**
 * Unsigned bodies under load (issue 23, finding 5): what an anonymous sender costs everyone else.
 * One `next start` on a fresh PGlite; `GET /api/health` one request at a time, in rounds taking
 * turns between idle and under attack (8 senders on keep-alive connections, each posting a
 * 450 KB unsigned JSON array to the webhook receiver as soon as its last one is answered), so a
 * noisy moment of the machine falls on both. While the attack runs, signed webhooks from the
 * same address (the bench's 127.0.0.1) must still be answered 200.
 */
import { Agent } from "node:http";
import { buildSignedBody } from "@/lib/service/signature";
import { PUBLISHED_SANDBOX_KEYS } from "@/lib/service/embedded-sandbox-keys";
import type { Figure } from "../figures";
import { round } from "../measure";
import { startNextServer } from "../next-server";
import { percentile, runLoad, send, type LoadResult } from "./load";

const SENDERS = 8;
/** A JSON array of 225,000 zeros: 450 KB, under the 512 KB read limit. */
const ATTACK_BODY = Buffer.from(`[${new Array(225_000).fill("0").join(",")}]`);
const SIGNED_DURING_ATTACK = 50;

export interface UnsignedFloodOptions {
  port: number;
  /** GET /api/health requests timed idle, and as many under attack, in `rounds` turns. */
  requests: number;
  rounds: number;
}

export interface UnsignedFloodResult {
  idle: { p50: number; p99: number; max: number };
  underAttack: { p50: number; p99: number; max: number };
  /** The attack's answers by status, and how many a second. */
  attack: { statuses: Record<string, number>; errors: number; perSecond: number };
  /** Signed webhooks sent from the attacker's address during the attack, by status. */
  signedDuringAttack: Record<string, number>;
}

export async function benchUnsignedFlood(options: UnsignedFloodOptions): Promise<UnsignedFloodResult> {
  const server = await startNextServer({ port: options.port });
  try {
    const health = `${server.baseUrl}/api/health`;
    const webhookUrl = new URL(`${server.baseUrl}/api/webhooks/payments`);
    await runLoad({ url: health, amount: 1_000, connections: 1 });
    const perRound = Math.ceil(options.requests / options.rounds);
    const idle: number[] = [];
    const underAttack: number[] = [];
    const attack = { statuses: {} as Record<string, number>, errors: 0, answered: 0, seconds: 0 };
    let signedDuringAttack: Record<string, number> = {};
    for (let turn = 0; turn < options.rounds; turn++) {
      idle.push(...(await healthLatencies(health, perRound)));
      const flood = startFlood(webhookUrl);
      underAttack.push(...(await healthLatencies(health, perRound)));
      if (turn === options.rounds - 1) signedDuringAttack = await signedWebhooks(webhookUrl);
      const result = await flood.stop();
      for (const [status, count] of Object.entries(result.statuses)) {
        attack.statuses[status] = (attack.statuses[status] ?? 0) + count;
      }
      attack.errors += result.errors;
      attack.answered += result.answered;
      attack.seconds += result.seconds;
    }
    return {
      idle: summary(idle),
      underAttack: summary(underAttack),
      attack: {
        statuses: attack.statuses,
        errors: attack.errors,
        perSecond: round(attack.answered / attack.seconds, 0),
      },
      signedDuringAttack,
    };
  } finally {
    await server.stop();
  }
}

/** `amount` GET requests one after another on one keep-alive connection, each one's milliseconds. */
async function healthLatencies(url: string, amount: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  try {
    await send(agent, target, "HEAD");
    const latencies: number[] = [];
    for (let i = 0; i < amount; i++) {
      const sent = process.hrtime.bigint();
      await send(agent, target, "GET");
      latencies.push(Number(process.hrtime.bigint() - sent) / 1e6);
    }
    return latencies;
  } finally {
    agent.destroy();
  }
}

/** SENDERS connections posting the attack body until stopped; the answers counted by status. */
function startFlood(url: URL) {
  const agent = new Agent({ keepAlive: true, maxSockets: SENDERS });
  const statuses: Record<string, number> = {};
  let errors = 0;
  let answered = 0;
  let stopped = false;
  const started = process.hrtime.bigint();
  const sender = async () => {
    while (!stopped) {
      try {
        const status = await send(agent, url, "POST", ATTACK_BODY);
        statuses[status] = (statuses[status] ?? 0) + 1;
        answered++;
      } catch {
        errors++;
      }
    }
  };
  const senders = Promise.all(Array.from({ length: SENDERS }, sender));
  return {
    async stop() {
      stopped = true;
      await senders;
      agent.destroy();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      return { statuses, errors, answered, seconds };
    },
  };
}

/** Signed invoice webhooks (for invoices Paydesk does not know) from the attacker's own address. */
async function signedWebhooks(url: URL): Promise<Record<string, number>> {
  const bodies = Array.from(
    { length: SIGNED_DURING_ATTACK },
    (_, i) =>
      buildSignedBody(
        { type: "invoice", invoice_id: `flood-check-${i}`, order_id: `flood-check-${i}`, status: "pending" },
        PUBLISHED_SANDBOX_KEYS.invoiceKey,
      ).body,
  );
  const result: LoadResult = await runLoad({ url: url.href, bodies, connections: 1 });
  return { ...result.statuses, ...(result.errors ? { errors: result.errors } : {}) };
}

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: percentile(sorted, 100) };
}

/** The summary table's rows. */
export function unsignedFloodFigures(result: UnsignedFloodResult): Figure[] {
  const { idle, underAttack, attack, signedDuringAttack } = result;
  const signedOk = signedDuringAttack["200"] ?? 0;
  return [
    {
      name: `GET /api/health p99 under ${SENDERS} senders of 450 KB unsigned bodies, against idle`,
      value: underAttack.p99,
      unit: "ms",
      baseline: idle.p99,
      baselineName: "idle, same server, in turns",
      ratio: round(underAttack.p99 / idle.p99),
      target: "<= 2 x idle",
      met: underAttack.p99 <= 2 * idle.p99,
    },
    {
      name: `GET /api/health p50 and max under the attack`,
      value: underAttack.p50,
      unit: "ms",
      baseline: idle.p50,
      baselineName: `idle p50; max ${underAttack.max} ms under attack, ${idle.max} ms idle`,
      ratio: round(underAttack.p50 / idle.p50),
      target: "reported",
    },
    {
      name: "unsigned 450 KB bodies answered per second during the attack",
      value: attack.perSecond,
      unit: "/s",
      baselineName: JSON.stringify(attack.statuses),
      target: "reported",
    },
    {
      name: "signed webhooks from the attacking address during the attack, answered 200",
      value: signedOk,
      unit: "webhooks",
      baseline: SIGNED_DURING_ATTACK,
      baselineName: JSON.stringify(signedDuringAttack),
      target: "all",
      met: signedOk === SIGNED_DURING_ATTACK,
    },
  ];
}
