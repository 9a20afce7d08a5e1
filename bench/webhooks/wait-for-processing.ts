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

/** `cookie`: an admin's, from signInBenchAdmin. */
export async function waitUntilNothingPending(
  baseUrl: string,
  cookie: string,
  limitMs: number,
  pollMs = 1_000,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    // A redirect (to sign-in, or to two-factor setup) would never list "No webhooks match.": it fails here.
    const page = await fetch(`${baseUrl}/webhooks?outcome=pending`, {
      headers: { cookie },
      redirect: "manual",
    });
    if (page.status !== 200) throw new Error(`GET /webhooks answered ${page.status}`);
    if ((await page.text()).includes("No webhooks match.")) return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`webhooks still pending after ${limitMs / 1000} s`);
}
