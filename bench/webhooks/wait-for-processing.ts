/**
 * Waits, as an admin would, until the webhooks page lists nothing pending: every stored webhook
 * has been processed (or has failed, which the ingestion check then counts).
 */
import { BENCH_PASSWORD, BENCH_USERS, benchAdminCode } from "../bench-users";
import { signInCookie } from "../next-server";

/** The bench's admin, signed in (once per server: a two-factor code is taken once). */
export function signInBenchAdmin(baseUrl: string): Promise<string> {
  return signInCookie(baseUrl, BENCH_USERS.admin, BENCH_PASSWORD, benchAdminCode());
}

/**
 * `cookie`: an admin's, from signInBenchAdmin. With `metricsToken`, it watches the processing
 * queue's depth on /api/metrics every `pollMs` (an in-process gauge: the watching costs the server
 * next to nothing) and opens the webhooks page only once the queue is empty, to confirm; without
 * it, the page every `pollMs`. The page is a real admin page (about 100 ms of the server's time on
 * PGlite), so watching it four times a second would take a share of the very drain it measures.
 */
export async function waitUntilNothingPending(
  baseUrl: string,
  cookie: string,
  limitMs: number,
  { pollMs = 1_000, metricsToken }: { pollMs?: number; metricsToken?: string } = {},
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (!metricsToken || (await queueDepth(baseUrl, metricsToken)) === 0) {
      if (await nothingPendingOnPage(baseUrl, cookie)) return;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`webhooks still pending after ${limitMs / 1000} s`);
}

async function nothingPendingOnPage(baseUrl: string, cookie: string): Promise<boolean> {
  // A redirect (to sign-in, or to two-factor setup) would never list "No webhooks match.": it fails here.
  const page = await fetch(`${baseUrl}/webhooks?outcome=pending`, {
    headers: { cookie },
    redirect: "manual",
  });
  if (page.status !== 200) throw new Error(`GET /webhooks answered ${page.status}`);
  return (await page.text()).includes("No webhooks match.");
}

const DEPTH = /^paydesk_webhook_queue_depth (\S+)$/m;

async function queueDepth(baseUrl: string, token: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/metrics answered ${response.status}`);
  const match = DEPTH.exec(await response.text());
  if (!match?.[1]) throw new Error("/api/metrics has no paydesk_webhook_queue_depth");
  return Number(match[1]);
}
