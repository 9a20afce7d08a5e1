import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ACTIONS, type Action } from "../../lib/auth/permissions";

/**
 * Every page and route handler of the app, found by walking `app/` (no hand-kept list), with the
 * access its own source declares: a page's `requirePermission("…")` or `requireUser()`, a route
 * handler's `can(session.user.role, "…")` after `readSession()`.
 */

/** Playwright runs from the repository root (where playwright.config.ts is). */
export const ROOT_DIR = process.cwd();
export const APP_DIR = path.join(ROOT_DIR, "app");

export type EntryKind = "page" | "route";

export interface AppEntry {
  kind: EntryKind;
  /** Relative to the repository, e.g. `app/(app)/invoices/[id]/page.tsx`. */
  file: string;
  /** The route as Next.js names it, route groups left out: `/invoices/[id]`. */
  route: string;
  source: string;
}

/** What a file says about who may open it. */
export type DeclaredAccess =
  | { kind: "permission"; permission: Action }
  | { kind: "signed-in" }
  | { kind: "none" }
  | { kind: "ambiguous"; found: string[] };

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export function appEntries(): AppEntry[] {
  const entries: AppEntry[] = [];
  const walk = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, item.name);
      if (item.isDirectory()) walk(full);
      else if (/^(page|route)\.(tsx?|jsx?)$/.test(item.name)) {
        const segments = path.relative(APP_DIR, dir).split(path.sep).filter(Boolean);
        entries.push({
          kind: item.name.startsWith("page") ? "page" : "route",
          file: path.relative(ROOT_DIR, full).split(path.sep).join("/"),
          route: "/" + segments.filter((s) => !/^\(.*\)$/.test(s) && !s.startsWith("@")).join("/"),
          source: readFileSync(full, "utf8"),
        });
      }
    }
  };
  walk(APP_DIR);
  return entries.sort((a, b) => a.file.localeCompare(b.file));
}

export function isDynamic(route: string): boolean {
  return route.includes("[");
}

/** A URL for the route: each dynamic segment gets a fresh UUID (so, a row that does not exist). */
export function urlOf(route: string): string {
  return route
    .split("/")
    .map((segment) => (/^\[.*\]$/.test(segment) ? randomUUID() : segment))
    .join("/");
}

function quotedPermissions(source: string, pattern: RegExp): string[] {
  return [...new Set([...source.matchAll(pattern)].map((match) => match[1] ?? ""))];
}

export function declaredAccess(entry: AppEntry): DeclaredAccess {
  const found =
    entry.kind === "page"
      ? quotedPermissions(entry.source, /\brequirePermission\(\s*"([^"]*)"\s*\)/g)
      : /\breadSession\(\)/.test(entry.source)
        ? quotedPermissions(entry.source, /\bcan\(\s*session\.user\.role\s*,\s*"([^"]*)"\s*\)/g)
        : [];
  if (found.length > 1) return { kind: "ambiguous", found };
  const [permission] = found;
  if (permission !== undefined) {
    if (!(ACTIONS as readonly string[]).includes(permission)) return { kind: "ambiguous", found };
    return { kind: "permission", permission: permission as Action };
  }
  if (entry.kind === "page" && /\brequireUser\(\)/.test(entry.source)) return { kind: "signed-in" };
  return { kind: "none" };
}

/** The HTTP methods a route handler exports (`export async function GET` or `export { h as GET }`). */
export function routeMethods(source: string): HttpMethod[] {
  return HTTP_METHODS.filter(
    (method) =>
      new RegExp(`export\\s+(async\\s+)?function\\s+${method}\\b`).test(source) ||
      new RegExp(`export\\s+const\\s+${method}\\b`).test(source) ||
      new RegExp(`export\\s*\\{[^}]*\\bas\\s+${method}\\b[^}]*\\}`).test(source),
  );
}
