import type { Page, Request } from "@playwright/test";

/**
 * Follows the page's requests from now on, so a test can wait until none has been in flight for
 * `quietMs`: what Playwright's "networkidle" does, with its fixed 500 ms of quiet. Checked after
 * every page of accessibility.spec.ts, those 500 ms were a tenth of the browser tests' time.
 */
export function followRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    async quiet(quietMs = 150, timeoutMs = 15_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) {
          const pending = [...inFlight].map((request) => request.url()).join(", ");
          throw new Error(`the page's requests did not settle within ${timeoutMs} ms: ${pending}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
