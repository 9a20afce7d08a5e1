import "server-only";
import { randomUUID } from "node:crypto";
import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { cameThroughTrustedProxy, PEER_ADDRESS_HEADER } from "@/lib/client-address";
import { logger } from "@/lib/log/logger";
import { runInRequestContext, type RequestContext } from "@/lib/log/request-context";
import { paydeskMetrics } from "@/lib/metrics/registry";
import { isStopping } from "@/lib/shutdown-state";
import { requestStarted } from "./in-flight-requests";
import { routeMatcherOfBuild, UNMATCHED_ROUTE, type RouteMatcher } from "./route-pattern";

/**
 * The one place every request passes before Next.js sees it (installed once per process from
 * instrumentation.ts, by wrapping http.Server's "request" event). For each request it:
 * - stamps the TCP peer's address in a header of ours, replacing whatever a client put there
 *   (Next.js hands handlers no peer address and keeps any X-Forwarded-For); read it with
 *   clientAddress();
 * - gives it a request id, returned as X-Request-Id and carried into every log line of the work
 *   it causes (a well-formed X-Request-Id is kept only from a proxy TRUST_PROXY trusts, such as
 *   nginx's $request_id; a client's own is replaced);
 * - once the process is stopping, answers 503 with Connection: close instead of starting work;
 * - counts it in flight until its response closes, so a shutdown closes the database last;
 * - writes its access line and its request metrics (by route pattern, never the path); static
 *   assets are counted but not access-logged unless PAYDESK_ACCESS_LOG_STATIC=1 (isStaticAsset).
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function observeRequests(): void {
  const marker = Symbol.for("paydesk.requestsObserved");
  const proto = Server.prototype as Server & { [marker]?: true };
  if (proto[marker]) return;
  proto[marker] = true;
  const matchRoute = routeMatcherOfBuild();
  const proxies = trustedProxies(process.env.TRUST_PROXY);
  const logsStatic = process.env.PAYDESK_ACCESS_LOG_STATIC === "1";
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event !== "request") return emit.call(this, event, ...args);
    const [request, response] = args as [IncomingMessage, ServerResponse];
    request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
    const context: RequestContext = { requestId: requestIdOf(request, proxies) };
    response.setHeader("X-Request-Id", context.requestId);
    const startedAt = performance.now();
    const refused = isStopping();
    // Refused ones are not waited for: a client retrying at once would keep a shutdown waiting.
    const finished = refused ? () => {} : requestStarted();
    response.once("close", () => {
      finished();
      recordRequest(request, response, context, performance.now() - startedAt, matchRoute, {
        refused,
        logsStatic,
      });
    });
    if (refused) {
      refuseWhileStopping(response);
      return true;
    }
    return runInRequestContext(context, () => emit.call(this, event, ...args));
  } as Server["emit"];
}

/** The trusted proxy's request id, so its log and ours share it; anyone else's is not believed. */
export function requestIdOf(request: IncomingMessage, trustedProxies: number): string {
  const given = request.headers["x-request-id"];
  const forwardedFor = request.headers["x-forwarded-for"];
  const fromProxy = cameThroughTrustedProxy(
    request.socket.remoteAddress,
    Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor,
    trustedProxies,
  );
  return fromProxy && typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

function refuseWhileStopping(response: ServerResponse): void {
  response.writeHead(503, {
    "Content-Type": "application/json",
    "Retry-After": "5",
    Connection: "close",
  });
  response.end(JSON.stringify({ error: "shutting down: try again in a moment" }));
}

function recordRequest(
  request: IncomingMessage,
  response: ServerResponse,
  context: RequestContext,
  durationMs: number,
  matchRoute: RouteMatcher,
  { refused, logsStatic }: { refused: boolean; logsStatic: boolean },
): void {
  const method = request.method && KNOWN_METHODS.has(request.method) ? request.method : "other";
  const route = routeOf(request.url, matchRoute);
  const status = response.statusCode;
  paydeskMetrics().httpRequestSeconds.observe({ method, route, status: String(status) }, durationMs / 1000);
  if (!logsStatic && isStaticAsset(pathOf(request.url), route, status)) return;
  const level = status >= 500 && !refused ? "warn" : "info";
  logger()[level](
    {
      reqId: context.requestId,
      method,
      route,
      status,
      ms: Math.round(durationMs * 10) / 10,
      ...(context.userId ? { userId: context.userId } : {}),
      ...(request.headers["next-action"] ? { action: true } : {}),
      ...(response.writableFinished ? {} : { aborted: true }),
    },
    `${method} ${route} ${status}`,
  );
}

function pathOf(url: string | undefined): string {
  try {
    return new URL(url ?? "/", "http://paydesk.invalid").pathname;
  } catch {
    return "/";
  }
}

function routeOf(url: string | undefined, matchRoute: RouteMatcher): string {
  return matchRoute(pathOf(url));
}

/**
 * A file the browser fetches along with a page: the build's assets, the favicon, or a public file
 * served (a path no route knows, with a file extension, answered). Nine lines in ten of an access
 * log would otherwise be these. A 4xx or 5xx on such a path is still logged.
 */
export function isStaticAsset(pathname: string, route: string, status: number): boolean {
  if (status >= 400) return false;
  if (route === "/_next/static" || route === "/favicon.ico") return true;
  return route === UNMATCHED_ROUTE && /\/[^/]+\.[A-Za-z0-9]{1,8}$/.test(pathname);
}

function trustedProxies(value: string | undefined): number {
  if (value === "true") return 1;
  const count = Number(value);
  return Number.isInteger(count) ? count : 0;
}
