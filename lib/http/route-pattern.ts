import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The route a request path belongs to, as the app names it ("/invoices/[id]"), for the access
 * log and the request metrics: a pattern, never the path itself, because a path can carry a
 * secret (an invitation link's token) and raw paths would give metrics unbounded series. Read
 * from the build's routes manifest; anything it does not know is one of a few fixed names.
 */
export interface RouteMatcher {
  (pathname: string): string;
}

interface ManifestRoute {
  page: string;
  regex: string;
}

export const UNMATCHED_ROUTE = "(unmatched)";

export function routeMatcher(routes: ManifestRoute[]): RouteMatcher {
  const exact = new Map<string, string>();
  const patterns: Array<{ page: string; regex: RegExp }> = [];
  for (const route of routes) {
    if (/\[/.test(route.page)) patterns.push({ page: route.page, regex: new RegExp(route.regex) });
    else exact.set(route.page, route.page);
  }
  return (pathname) => {
    if (pathname.startsWith("/_next/static/")) return "/_next/static";
    if (pathname.startsWith("/_next/")) return "/_next";
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "").replace(/\.rsc$/, "") : pathname;
    const known = exact.get(trimmed);
    if (known) return known;
    for (const { page, regex } of patterns) if (regex.test(trimmed)) return page;
    return UNMATCHED_ROUTE;
  };
}

/** The matcher for the build this process serves (.next in the working directory), read once. */
export function routeMatcherOfBuild(directory = process.cwd()): RouteMatcher {
  const manifest = path.join(directory, ".next", "routes-manifest.json");
  if (!existsSync(manifest)) return () => UNMATCHED_ROUTE;
  try {
    const { staticRoutes = [], dynamicRoutes = [] } = JSON.parse(readFileSync(manifest, "utf8")) as {
      staticRoutes?: ManifestRoute[];
      dynamicRoutes?: ManifestRoute[];
    };
    return routeMatcher([...staticRoutes, ...dynamicRoutes]);
  } catch {
    return () => UNMATCHED_ROUTE;
  }
}
