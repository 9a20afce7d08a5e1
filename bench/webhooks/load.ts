/**
 * The load generator: autocannon with a fixed number of requests in flight. Rates are requests
 * answered over the seconds from the start to the last answer; latencies are autocannon's, in
 * milliseconds.
 */
import autocannon from "autocannon";
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

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { bodies } = options;
  const amount = bodies?.length ?? options.amount ?? 1_000;
  let next = 0;
  const started = process.hrtime.bigint();
  let lastAnswer = started;
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        amount,
        timeout: 30,
        requests: bodies
          ? [
              {
                method: "POST",
                headers: { "content-type": "application/json" },
                setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
              },
            ]
          : [{ method: "GET" }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  // autocannon ends a run on its one-second tick: timed to the last answer instead.
  instance?.on("response", () => {
    lastAnswer = process.hrtime.bigint();
  });
  const result = await finished;
  const seconds = Number(lastAnswer - started) / 1e9;
  const statuses: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {}))
    statuses[status] = stats?.count ?? 0;
  return {
    requests: result.requests.total,
    perSecond: round(result.requests.total / seconds, 0),
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
  };
}
