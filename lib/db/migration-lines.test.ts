import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import { capturedLogger } from "@/test-support/captured-log";
import { migrationsAppliedByThisProcess, openDatabase } from "./client";
import { shippedMigrations } from "./migration-status";

const loggerKey = Symbol.for("paydesk.logger");
type WithLogger = typeof globalThis & { [loggerKey]?: unknown };

afterEach(() => {
  vi.unstubAllEnvs();
  delete (globalThis as WithLogger)[loggerKey];
});

it("logs one line per migration it applies, naming it, and none when the schema is current", async () => {
  const dir = await mkdtemp(join(tmpdir(), "paydesk-migration-lines-"));
  vi.stubEnv("DATABASE_URL", "");
  vi.stubEnv("PAYDESK_DATA_DIR", dir);
  const { log, records } = capturedLogger();
  (globalThis as WithLogger)[loggerKey] = log;
  try {
    const first = await openDatabase("migrate");
    await first.close();
    const tags = shippedMigrations().map((migration) => migration.tag);
    const lines = () => records().filter((record) => record.migration !== undefined);
    expect(lines().map((record) => [record.level, record.msg])).toEqual(
      tags.map((tag) => [30, `migration applied: ${tag}`]),
    );
    expect(migrationsAppliedByThisProcess()).toEqual(tags);

    const again = await openDatabase("migrate");
    await again.close();
    expect(lines()).toHaveLength(tags.length);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 120_000);
