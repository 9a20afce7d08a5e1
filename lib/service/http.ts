import "server-only";

// One HTTP exchange with a hard timeout (covering the body too), and a retry loop with exponential
// backoff and full jitter. Retried requests are resent with the very same body string, so a creation
// retry carries the same order_id and the same sign and the service's idempotency makes it safe.
import { RateLimited, Unavailable } from "./errors";
import { errorFromAnswer, type HttpAnswer } from "./response-errors";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type Sleep = (ms: number) => Promise<void>;

export interface RetryPolicy {
  /** Total attempts, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the RateLimited error is thrown instead. */
  maxRetryAfterMs?: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
};

export interface HttpRequest {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends once; resolves with any HTTP answer, rejects only with Unavailable (timeout or network). */
export async function sendOnce(
  fetchImpl: FetchLike,
  request: HttpRequest,
  timeoutMs: number,
): Promise<HttpAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutMarker()), timeoutMs);
  try {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
      redirect: "manual",
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (controller.signal.aborted) {
      throw new Unavailable("timeout", `no answer within ${timeoutMs} ms`, { cause: error });
    }
    throw new Unavailable("network", describeNetworkError(error), { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

class TimeoutMarker extends Error {
  override name = "TimeoutError";
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return `${error.message}${cause}`;
}

/** Sends and maps every non-2xx answer to its typed error. */
export async function exchange(
  fetchImpl: FetchLike,
  request: HttpRequest,
  timeoutMs: number,
): Promise<HttpAnswer> {
  const answer = await sendOnce(fetchImpl, request, timeoutMs);
  if (answer.status >= 200 && answer.status < 300) return answer;
  throw errorFromAnswer(answer);
}

/**
 * The longest one call can take with its retries: every attempt timing out, and the longest wait
 * between them (a Retry-After up to maxRetryAfterMs is honoured). Whoever leases work around a
 * call (the withdrawal submit loop) leases at least this long, so a call still in flight is never
 * taken over.
 */
export function callBudgetMs(timeoutMs: number, policy: RetryPolicy): number {
  const attempts = Math.max(1, Math.floor(policy.attempts));
  const longestWait = Math.max(policy.maxDelayMs, policy.maxRetryAfterMs ?? 0);
  return attempts * timeoutMs + (attempts - 1) * longestWait;
}

export interface RetryContext {
  policy: RetryPolicy;
  sleep: Sleep;
  random: () => number;
}

export function backoffDelay(policy: RetryPolicy, retryNumber: number, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retryNumber - 1));
  return Math.floor(random() * ceiling);
}

export async function withRetry<T>(operation: () => Promise<T>, context: RetryContext): Promise<T> {
  const { policy, sleep, random } = context;
  const attempts = Math.max(1, Math.floor(policy.attempts));
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      // Only these two are retried: any other answer is final, and 4xx must never be resent.
      if (!(error instanceof RateLimited || error instanceof Unavailable)) throw error;
      if (attempt >= attempts) throw error;
      let delay = backoffDelay(policy, attempt, random);
      if (error instanceof RateLimited && error.retryAfterMs !== undefined) {
        if (error.retryAfterMs > (policy.maxRetryAfterMs ?? Infinity)) throw error;
        delay = Math.max(delay, error.retryAfterMs);
      }
      await sleep(delay);
    }
  }
}
