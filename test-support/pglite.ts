import { readFileSync } from "node:fs";

/**
 * In-memory PGlite for tests, copied from the run's templates (made once per vitest run by
 * test-support/vitest-global-setup.ts) instead of initialised anew: initdb alone costs about a
 * second. Imports nothing of Paydesk, so the sandbox's own tests may use it too.
 */

/** Where the run's templates are (test-support/db-templates.ts makes them). */
export interface DbTemplates {
  /** A tarball of a freshly initialised, migrated PGlite data directory. */
  pgliteMigrated: string;
  /** A tarball of a freshly initialised PGlite data directory, nothing in it. */
  pgliteEmpty: string;
  /** On PostgreSQL (TEST_DATABASE_URL set): the template database's name. */
  postgresTemplate?: string;
}

const TEMPLATES_ENV = "PAYDESK_TEST_DB_TEMPLATES";

/** The run's templates, or undefined outside vitest (bench/ creates its databases the plain way). */
export function runTemplates(): DbTemplates | undefined {
  const json = process.env[TEMPLATES_ENV];
  return json ? (JSON.parse(json) as DbTemplates) : undefined;
}

export function announceTemplates(templates: DbTemplates): void {
  process.env[TEMPLATES_ENV] = JSON.stringify(templates);
}

/**
 * An in-memory PGlite: a copy of the run's template (`migrated`: with Paydesk's schema, else
 * empty) when there is one, else a new one. The tarballs and PGlite's own files (its compiled
 * WebAssembly included) are read once per test file (vitest gives each file a fresh worker) and
 * kept on globalThis for that file's other databases and sandboxes.
 */
export async function createPglite(contents: "migrated" | "empty") {
  const { PGlite } = await import("@electric-sql/pglite");
  const templates = runTemplates();
  if (!templates) return PGlite.create();
  const cache = ((globalThis as { __paydeskPglite?: PgliteCache }).__paydeskPglite ??= {
    tarballs: {},
    artifacts: loadPgliteArtifacts(),
  });
  const path = contents === "migrated" ? templates.pgliteMigrated : templates.pgliteEmpty;
  const tarball = (cache.tarballs[path] ??= new Blob([new Uint8Array(readFileSync(path))]));
  const { pgliteWasmModule, initdbWasmModule, fsBundle } = await cache.artifacts;
  return PGlite.create({ loadDataDir: tarball, pgliteWasmModule, initdbWasmModule, fsBundle });
}

interface PgliteCache {
  tarballs: Record<string, Blob>;
  artifacts: ReturnType<typeof loadPgliteArtifacts>;
}

async function loadPgliteArtifacts() {
  const { readFile } = await import("node:fs/promises");
  const { createRequire } = await import("node:module");
  const file = (name: string) =>
    readFile(createRequire(import.meta.url).resolve(`@electric-sql/pglite/${name}`));
  const [pglite, initdb, data] = await Promise.all([
    file("pglite.wasm"),
    file("initdb.wasm"),
    file("pglite.data"),
  ]);
  return {
    pgliteWasmModule: await WebAssembly.compile(pglite),
    initdbWasmModule: await WebAssembly.compile(initdb),
    fsBundle: new Blob([new Uint8Array(data)]),
  };
}
