import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { ROOT_DIR, urlOf } from "./app-tree";

/**
 * Server actions as the build knows them (`.next/server/server-reference-manifest.json`: action id
 * → the file and export it comes from, and the pages whose bundle holds it), and a caller that
 * speaks to them over HTTP exactly as the browser's router does (fetchServerAction in Next.js):
 * a POST to a page with `Next-Action: <id>`, the arguments as a JSON array, and the answer read
 * out of the RSC stream it comes back in.
 */

export interface ServerAction {
  id: string;
  /** e.g. `lib/invoices/actions.ts` */
  file: string;
  exportName: string;
  /** A page whose bundle carries the action: the URL the browser posts it to. */
  pageUrl: string;
}

interface ManifestEntry {
  filename: string;
  exportedName: string;
  workers: Record<string, unknown>;
}

type Manifest = Record<string, unknown> & {
  node?: Record<string, ManifestEntry>;
  edge?: Record<string, ManifestEntry>;
};

export const MANIFEST_PATH = path.join(ROOT_DIR, ".next/server/server-reference-manifest.json");

export function discoverActions(): ServerAction[] {
  const manifest = JSON.parse(readFileSync(MANIFEST_PATH, "utf8")) as Manifest;
  const actions = new Map<string, ServerAction>();
  for (const layer of [manifest.node ?? {}, manifest.edge ?? {}]) {
    for (const [id, entry] of Object.entries(layer)) {
      const [worker] = Object.keys(entry.workers);
      if (!worker) throw new Error(`Action ${id} (${entry.exportedName}) is in no page's bundle`);
      actions.set(id, {
        id,
        file: entry.filename,
        exportName: entry.exportedName,
        pageUrl: urlOf(pageRouteOfWorker(worker)),
      });
    }
  }
  return [...actions.values()].sort((a, b) => a.exportName.localeCompare(b.exportName));
}

/** `app/(app)/invoices/[id]/page` → `/invoices/[id]` */
function pageRouteOfWorker(worker: string): string {
  const segments = worker
    .replace(/^app\//, "")
    .replace(/\/?page$/, "")
    .split("/");
  return "/" + segments.filter((s) => s && !/^\(.*\)$/.test(s) && !s.startsWith("@")).join("/");
}

export interface ActionAnswer {
  status: number;
  contentType: string;
  /** The response body as it came. */
  body: string;
  /** The action's return value, decoded from the RSC stream (undefined if there was none). */
  result: unknown;
}

export async function callAction(
  request: APIRequestContext,
  baseURL: string,
  action: ServerAction,
  args: unknown[],
): Promise<ActionAnswer> {
  const response = await request.post(action.pageUrl, {
    headers: {
      Accept: "text/x-component",
      "Next-Action": action.id,
      Origin: new URL(baseURL).origin,
      "Content-Type": "text/plain;charset=UTF-8",
    },
    data: JSON.stringify(args),
    maxRedirects: 0,
  });
  const body = await response.text();
  const contentType = response.headers()["content-type"] ?? "";
  return {
    status: response.status(),
    contentType,
    body,
    result: contentType.startsWith("text/x-component") ? actionResultOf(body) : undefined,
  };
}

/**
 * The value under `a` of the stream's root row. An action answer is a few rows `<hex id>:<JSON>`;
 * row 0 is `{"a":"$@1",…}` and row 1 the returned value. Anything richer than JSON (a Date, a
 * Map, a stream) is refused rather than half-decoded: ActionResult is plain JSON.
 */
export function actionResultOf(stream: string): unknown {
  const rows = new Map<string, unknown>();
  for (const line of stream.split("\n")) {
    const match = /^([0-9a-f]+):(.*)$/.exec(line);
    if (!match?.[1] || match[2] === undefined) continue;
    try {
      rows.set(match[1], JSON.parse(match[2]));
    } catch {
      // A text or binary row: not part of a JSON action result.
    }
  }
  const root = rows.get("0") as { a?: unknown } | undefined;
  if (!root || !("a" in root)) throw new Error(`No action result in the RSC stream:\n${stream}`);
  const resolve = (value: unknown): unknown => {
    if (typeof value === "string") {
      if (value.startsWith("$$")) return value.slice(1);
      const ref = /^\$@([0-9a-f]+)$/.exec(value);
      if (ref?.[1]) return resolve(rows.get(ref[1]));
      // An optional field left undefined (a refusal without field errors: fieldErrors).
      if (value === "$undefined") return undefined;
      if (value.startsWith("$")) throw new Error(`Unsupported RSC value ${value} in:\n${stream}`);
      return value;
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item)]));
    }
    return value;
  };
  return resolve(root.a);
}

/** The `code` of a failed ActionResult, or "ok". */
export function codeOf(result: unknown): string {
  if (result && typeof result === "object" && "ok" in result) {
    if (result.ok === true) return "ok";
    if ("code" in result && typeof result.code === "string") return result.code;
  }
  throw new Error(`Not an ActionResult: ${JSON.stringify(result)}`);
}
