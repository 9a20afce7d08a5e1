/**
 * Waits, as an admin would, until the webhooks page lists nothing pending: every stored webhook
 * has been processed (or has failed, which the ingestion check then counts).
 */
import { signInCookie } from "../next-server";

export async function waitUntilNothingPending(baseUrl: string, limitMs: number): Promise<void> {
  const cookie = await signInCookie(baseUrl, "admin@example.com");
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const page = await fetch(`${baseUrl}/webhooks?outcome=pending`, { headers: { cookie } });
    if (!page.ok) throw new Error(`GET /webhooks answered ${page.status}`);
    if ((await page.text()).includes("No webhooks match.")) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`webhooks still pending after ${limitMs / 1000} s`);
}
