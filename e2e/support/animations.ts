import type { Page } from "@playwright/test";

/**
 * Resolves once every animation and transition on the page that ends has ended (a spinner's, which
 * never does, is left alone), or after `timeoutMs` (a paused one never finishes): a toast sliding
 * in is measured, or read by axe, where it comes to rest.
 */
export async function animationsFinished(page: Page, timeoutMs = 5_000): Promise<void> {
  await page.evaluate(
    (timeout) =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, timeout)),
      ]),
    timeoutMs,
  );
}
