/**
 * Issue 13, item 5: first-load JavaScript of each route, compressed as sent, measured in Chromium
 * with an empty cache against a production build. The baseline is the 404 page of the same build:
 * the framework's runtime and the root layout, with no page of Paydesk's own.
 */
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import type { Figure } from "./figures";
import { startNextServer } from "./next-server";

// As playwright.config.ts: Debian's headless shell, else the full browser.
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ??
  "/usr/bin/chromium";

/** Routes and who opens them (each person sees only what their role may). */
const ROUTES: { path: string; as: string | null }[] = [
  { path: "/login", as: null },
  { path: "/", as: "support@example.com" },
  { path: "/invoices", as: "support@example.com" },
  { path: "/invoices/new", as: "support@example.com" },
  { path: "/withdrawals", as: "finance@example.com" },
  { path: "/withdrawals/new", as: "support@example.com" },
  { path: "/withdrawals/approvals", as: "finance@example.com" },
  { path: "/webhooks", as: "admin@example.com" },
  { path: "/audit", as: "admin@example.com" },
  { path: "/admin/users", as: "admin@example.com" },
  { path: "/admin/users/new", as: "admin@example.com" },
  { path: "/admin/service", as: "admin@example.com" },
  { path: "/admin/settings", as: "admin@example.com" },
  { path: "/admin/changes", as: "admin@example.com" },
  { path: "/account/two-factor", as: "support@example.com" },
];
const EMPTY_PAGE = "/no-such-page";
const MAX_RATIO = 1.6;
const PAGES_AT_ONCE = 3;

export async function measurePageWeight({ port }: { port: number }): Promise<Figure[]> {
  const server = await startNextServer({ port });
  // A browser that cannot start must not leave the server running on its port.
  const browser = await chromium
    .launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] })
    .catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
  try {
    const signedIn = new Map<string, string>();
    const weigh = (path: string, as: string | null) =>
      javascriptBytes(browser, server.baseUrl, path, as, signedIn);
    const empty = await weigh(EMPTY_PAGE, null);
    // Bytes do not depend on timing, so pages load a few at a time (each in its own context).
    const weights = new Map<string, number>();
    const queue = [...ROUTES];
    const worker = async () => {
      for (let route = queue.shift(); route; route = queue.shift()) {
        weights.set(route.path, await weigh(route.path, route.as));
      }
    };
    await Promise.all(Array.from({ length: PAGES_AT_ONCE }, worker));
    const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
    const figures: Figure[] = ROUTES.map(({ path }) => {
      const bytes = weights.get(path) ?? 0;
      const ratio = Math.round((bytes / empty) * 100) / 100;
      return {
        name: `first-load JS ${path}`,
        value: kib(bytes),
        unit: "KiB",
        baseline: kib(empty),
        baselineName: "404 page",
        ratio,
        target: `<= ${MAX_RATIO} x the empty page`,
        met: ratio <= MAX_RATIO,
      };
    });
    const login = weights.get("/login") ?? 0;
    const invoices = weights.get("/invoices") ?? 0;
    figures.push({
      name: "first-load JS /login vs /invoices",
      value: kib(login),
      unit: "KiB",
      baseline: kib(invoices),
      baselineName: "/invoices",
      ratio: Math.round((login / invoices) * 100) / 100,
      target: "/login no heavier than /invoices",
      met: login <= invoices,
    });
    return figures;
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Compressed bytes of every script a first visit loads, in a fresh context (empty cache). */
async function javascriptBytes(
  browser: Browser,
  baseUrl: string,
  path: string,
  as: string | null,
  signedIn: Map<string, string>,
): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    if (as) await signIn(context, as, signedIn);
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") {
        // Gzipped here at a fixed level: what is sent over the wire, measured the same way every run.
        sizes.push(
          response.body().then(
            (body) => gzipSync(body).length,
            () => 0,
          ),
        );
      }
    });
    await page.goto(path, { waitUntil: "networkidle" });
    return (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  } finally {
    await context.close();
  }
}

async function signIn(context: BrowserContext, email: string, signedIn: Map<string, string>): Promise<void> {
  const saved = signedIn.get(email);
  if (saved) {
    await context.addCookies(JSON.parse(saved));
    return;
  }
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("paydesk-demo");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByTestId("signed-in-user").waitFor();
  signedIn.set(email, JSON.stringify(await context.cookies()));
  await page.close();
}
