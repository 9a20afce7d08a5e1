/**
 * The invoice list and the home page over HTTP (issue 13, item 2): `next start` on each database the
 * caller has seeded (one server per database, all running at once), support signed in, then each
 * list scenario as the URL a person would open (first page, a status filter, a customer search, an
 * order search, a page deep in the list) and the home page (counts, what was received per day,
 * worklists), then the home page as finance sees it (the balances, finance's worklists).
 * Requests go one at a time. Each is timed twice: by the server, from Node handing it to Next.js
 * until the last byte is handed to the socket (bench/server-times-hook.mjs; the figure),
 * and by this process, which adds a loopback round trip, its HTTP stack and its own garbage
 * collection (reported). The databases take turns request by request, so a noisy moment of the
 * machine falls on the baseline and the larger databases alike.
 */
import type { InvoiceListQuery } from "@/lib/invoices/list-invoices";
import type { ListScenario } from "./list-bench";
import { round, timeInTurns, timingOf, type Timing } from "./measure";
import { BENCH_PASSWORD, BENCH_USERS, benchAdminCode } from "./bench-users";
import { signInCookie, startNextServer, type NextServer } from "./next-server";

export type HttpScenario = ListScenario | "home page" | "home page, finance";

export interface ListOverHttpResult {
  /** The server's time per request. */
  timings: Record<HttpScenario, Timing>;
  /** The same requests as this process timed them. */
  clientTimings: Record<HttpScenario, Timing>;
  /** Resident memory of the server's process tree after the run. */
  rssMiB: number;
}

export interface HttpTarget {
  /** DATABASE_URL or PAYDESK_DATA_DIR of the seeded database. */
  env: Record<string, string>;
  scenarios: Record<ListScenario, InvoiceListQuery>;
}

/** One result per target, in the order given; servers on `port`, `port + 1` … */
export async function listOverHttpInTurns(
  targets: readonly HttpTarget[],
  options: { port: number; runs: number },
): Promise<ListOverHttpResult[]> {
  const servers: NextServer[] = [];
  try {
    for (const [index, target] of targets.entries()) {
      servers.push(
        await startNextServer({ port: options.port + index, env: target.env, recordServerTimes: true }),
      );
    }
    const pages = await Promise.all(
      servers.map(async (server, index) => {
        const support = await signInCookie(server.baseUrl, BENCH_USERS.support, BENCH_PASSWORD);
        const finance = await signInCookie(
          server.baseUrl,
          BENCH_USERS.finance,
          BENCH_PASSWORD,
          benchAdminCode(),
        );
        const scenarios = targets[index]?.scenarios ?? ({} as HttpTarget["scenarios"]);
        return [
          ...pagesOf(scenarios).map(([name, path]) => ({ name, path, cookie: support })),
          { name: "home page, finance" as const, path: "/", cookie: finance },
        ].map(({ name, path, cookie }) => ({
          name,
          path,
          get: () => getPage(`${server.baseUrl}${path}`, cookie, name),
        }));
      }),
    );
    const timings = targets.map(() => ({}) as Record<HttpScenario, Timing>);
    const clientTimings = targets.map(() => ({}) as Record<HttpScenario, Timing>);
    for (const [scenarioIndex, { name }] of (pages[0] ?? []).entries()) {
      const gets = pages.map((ofServer) => ofServer[scenarioIndex]?.get ?? (async () => {}));
      // Fails loudly (a redirect to sign-in, an error page) before anything is timed.
      for (const get of gets) await get();
      const taken = await timeInTurns(gets, options.runs, Math.max(10, options.runs / 10));
      for (const [index, server] of servers.entries()) {
        const path = pages[index]?.[scenarioIndex]?.path;
        // The warm-up's requests come first; the timed ones are the last `runs` of this page.
        const times = (await server.serverTimes()).filter((time) => time.url === path).slice(-options.runs);
        const client = taken[index];
        const [ofServer, ofClient] = [timings[index], clientTimings[index]];
        if (times.length < options.runs || !client || !ofServer || !ofClient) {
          throw new Error(`${name}: ${times.length} server times of ${options.runs}`);
        }
        ofServer[name] = timingOf(times.map((time) => time.ms));
        ofClient[name] = client;
      }
    }
    return timings.map((of, index) => ({
      timings: of,
      clientTimings: clientTimings[index] ?? of,
      rssMiB: round((servers[index]?.rss() ?? 0) / 2 ** 20, 0),
    }));
  } finally {
    for (const server of servers) await server.stop();
  }
}

/** Each scenario's page and the home page, `runs` times each after a warm-up, as `cookie`'s holder. */
export async function timeListPages(
  baseUrl: string,
  cookie: string,
  scenarios: Record<ListScenario, InvoiceListQuery>,
  runs: number,
): Promise<Record<HttpScenario, Timing>> {
  const timings = {} as Record<HttpScenario, Timing>;
  for (const [name, path] of pagesOf(scenarios)) {
    const get = () => getPage(`${baseUrl}${path}`, cookie, name);
    await get();
    const [timing] = await timeInTurns([get], runs, Math.max(10, runs / 10));
    if (timing) timings[name] = timing;
  }
  return timings;
}

function pagesOf(scenarios: Record<ListScenario, InvoiceListQuery>): [HttpScenario, string][] {
  return [
    ...(Object.entries(scenarios) as [ListScenario, InvoiceListQuery][]).map(
      ([name, query]): [HttpScenario, string] => [name, `/invoices${searchOf(query)}`],
    ),
    ["home page", "/"],
  ];
}

function searchOf(query: InvoiceListQuery): string {
  const search = new URLSearchParams();
  if (query.status) search.set("status", query.status);
  if (query.q) search.set("q", query.q);
  if (query.cursor) search.set("cursor", query.cursor);
  const text = search.toString();
  return text ? `?${text}` : "";
}

async function getPage(url: string, cookie: string, name: string): Promise<void> {
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${name}: GET ${url} answered ${response.status}`);
  // A list that found nothing would measure nothing: every scenario names rows that exist.
  if (!name.startsWith("home page") && /No invoices match|There are no invoices yet/.test(html)) {
    throw new Error(`${name}: empty list`);
  }
}
