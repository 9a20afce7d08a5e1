/**
 * The load generator: a bounded client, `connections` requests in flight on as many keep-alive
 * connections, opened before the clock starts (one untimed HEAD each). A generator that connects
 * as it sends (autocannon did) times each connection's first request from before the server has
 * accepted the connection: under load a server accepts new connections between the requests it is
 * serving, so those 32 first requests waited up to a second, a tenth of a quick run's answers, and
 * its p99 measured the accept queue, not the receiver. A service sending webhooks keeps its
 * connections open as this client does. Rates are requests answered over the seconds from the
 * first request to the last answer; latencies are each request's own, in milliseconds.
 */
import { Agent, request } from "node:http";
import { round } from "../measure";

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers by HTTP status, e.g. { "200": 11000 }. */
  statuses: Record<string, number>;
  errors: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** POST these bodies, one request each, in order; without them GET `url` `amount` times. */
  bodies?: readonly string[];
  amount?: number;
}

const TIMEOUT_MS = 30_000;

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const { bodies } = options;
  const amount = bodies?.length ?? options.amount ?? 1_000;
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  try {
    await Promise.all(Array.from({ length: options.connections }, () => send(agent, url, "HEAD")));
    const latencies: number[] = new Array(amount);
    const statuses: Record<string, number> = {};
    let errors = 0;
    let next = 0;
    const started = process.hrtime.bigint();
    const worker = async () => {
      for (let index = next++; index < amount; index = next++) {
        const sent = process.hrtime.bigint();
        try {
          const status = await send(agent, url, bodies ? "POST" : "GET", bodies?.[index]);
          statuses[status] = (statuses[status] ?? 0) + 1;
        } catch {
          errors++;
        }
        latencies[index] = Number(process.hrtime.bigint() - sent) / 1e6;
      }
    };
    await Promise.all(Array.from({ length: options.connections }, worker));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    latencies.sort((a, b) => a - b);
    const answered = amount - errors;
    return {
      requests: answered,
      perSecond: round(answered / seconds, 0),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      statuses,
      errors,
    };
  } finally {
    agent.destroy();
  }
}

/** One request on `agent`'s connections; answers its status once the whole answer is read. */
export function send(agent: Agent, url: URL, method: string, body?: string | Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        timeout: TIMEOUT_MS,
        headers:
          body === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.once("end", () => resolve(response.statusCode ?? 0));
        response.once("error", reject);
      },
    );
    outgoing.once("timeout", () => outgoing.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    outgoing.once("error", reject);
    outgoing.end(body);
  });
}

/** The nearest-rank percentile of ascending `sorted`, in milliseconds to one decimal. */
export function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return round(sorted[index] ?? 0, 1);
}
