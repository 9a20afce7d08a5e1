/**
 * The invoice list and the home page over HTTP (issue 13, item 2): `next start` on a database the
 * caller has seeded, support signed in, then each list scenario as the URL a person would open
 * (first page, a status filter, a customer search, an order search, a page deep in the list) and
 * the home page (counts, paid-volume chart, worklist). Requests go one at a time, so each time is
 * one request's: the server's work plus a loopback round trip, with the whole page read.
 */
import type { InvoiceListQuery } from "@/lib/invoices/list-invoices";
import type { ListScenario } from "./list-bench";
import { round, time, type Timing } from "./measure";
import { signInCookie, startNextServer } from "./next-server";

export type HttpScenario = ListScenario | "home page";

export interface ListOverHttpResult {
  timings: Record<HttpScenario, Timing>;
  /** Resident memory of the server's process tree after the run. */
  rssMiB: number;
}

export interface ListOverHttpOptions {
  /** DATABASE_URL or PAYDESK_DATA_DIR of the seeded database. */
  env: Record<string, string>;
  port: number;
  scenarios: Record<ListScenario, InvoiceListQuery>;
  runs: number;
}

export async function listOverHttp(options: ListOverHttpOptions): Promise<ListOverHttpResult> {
  const server = await startNextServer({ port: options.port, env: options.env });
  try {
    const cookie = await signInCookie(server.baseUrl, "support@example.com");
    const timings = await timeListPages(server.baseUrl, cookie, options.scenarios, options.runs);
    return { timings, rssMiB: round(server.rss() / 2 ** 20, 0) };
  } finally {
    await server.stop();
  }
}

/** Each scenario's page and the home page, `runs` times each after a warm-up, as `cookie`'s holder. */
export async function timeListPages(
  baseUrl: string,
  cookie: string,
  scenarios: Record<ListScenario, InvoiceListQuery>,
  runs: number,
): Promise<Record<HttpScenario, Timing>> {
  const paths: [HttpScenario, string][] = [
    ...(Object.entries(scenarios) as [ListScenario, InvoiceListQuery][]).map(
      ([name, query]): [HttpScenario, string] => [name, `/invoices${searchOf(query)}`],
    ),
    ["home page", "/"],
  ];
  const timings = {} as Record<HttpScenario, Timing>;
  for (const [name, path] of paths) {
    const get = () => getPage(`${baseUrl}${path}`, cookie, name);
    await get(); // fails loudly (a redirect to sign-in, an error page) before anything is timed
    timings[name] = await time(get, runs, Math.max(10, runs / 10));
  }
  return timings;
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
  if (name !== "home page" && /No invoices match|There are no invoices yet/.test(html)) {
    throw new Error(`${name}: empty list`);
  }
}
