import "server-only";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { MIGRATIONS_FOLDER } from "@/lib/db/migrate";

/** A migration this build ships: drizzle records `when` as the applied row's created_at. */
export interface ShippedMigration {
  tag: string;
  when: number;
}

const journalSchema = z.object({
  entries: z.array(z.object({ tag: z.string(), when: z.number() })),
});

let shipped: Promise<ShippedMigration[]> | null = null;

/**
 * The migrations in drizzle's journal, read from the folder start-up migrates from (so what this
 * build would apply). Read once; a failed read is tried again next time.
 */
export function shippedMigrations(): Promise<ShippedMigration[]> {
  shipped ??= readFile(join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")
    .then((text) => journalSchema.parse(JSON.parse(text)).entries.map(({ tag, when }) => ({ tag, when })))
    .catch((error: unknown) => {
      shipped = null;
      throw error;
    });
  return shipped;
}
