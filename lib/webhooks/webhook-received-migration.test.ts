import { PGlite } from "@electric-sql/pglite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "@/lib/db/migrate";

/**
 * Migration 0028 on a database the releases before it wrote: deliveries with their "webhook
 * received" entry twice (or three times) keep their first, the rest of the timeline is untouched,
 * and the unique key is built instead of failing the start.
 */
const client = new PGlite();
const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
const ONCE = migrations.findIndex((migration) =>
  migration.sql.join("").includes("invoice_events_webhook_received_key"),
);

async function apply(from: number, to: number) {
  for (const migration of migrations.slice(from, to))
    for (const statement of migration.sql) if (statement.trim()) await client.exec(statement);
}

const invoice = "00000000-0000-4000-8000-000000000101";
const delivery = (n: number) => `00000000-0000-4000-8000-00000000030${n}`;
const received = (event: string, at: string) =>
  `('${invoice}', 'webhook_received', '{"webhookEventId":"${event}","reportedStatus":"paid","signatureForm":"php"}', 'webhook', '${at}')`;

beforeAll(async () => {
  await apply(0, ONCE);
  await client.exec(`
    insert into invoices (id, order_id, creation_state, request, amount, fiat_currency, status) values
      ('${invoice}', 'inv_doubled', 'created', '{}', '10', 'USD', 'paid');
    insert into invoice_events (invoice_id, kind, detail, source, created_at) values
      ${received(delivery(1), "2026-10-01T10:00:00Z")},
      ${received(delivery(1), "2026-10-01T10:00:05Z")},
      ${received(delivery(2), "2026-10-01T11:00:00Z")},
      ${received(delivery(3), "2026-10-01T12:00:00Z")},
      ${received(delivery(3), "2026-10-01T12:00:00Z")},
      ${received(delivery(3), "2026-10-01T12:00:09Z")},
      ('${invoice}', 'status_changed', null, 'webhook', '2026-10-01T10:00:01Z'),
      ('${invoice}', 'status_changed', null, 'webhook', '2026-10-01T10:00:01Z'),
      ('${invoice}', 'webhook_received', '{"reportedStatus":"paid"}', 'webhook', '2026-09-01T10:00:00Z'),
      ('${invoice}', 'webhook_received', '{"reportedStatus":"paid"}', 'webhook', '2026-09-01T10:00:00Z');
  `);
  await apply(ONCE, ONCE + 1);
});
afterAll(() => client.close());

const timeline = async () =>
  (
    await client.query<{ kind: string; event: string | null; at: Date }>(
      `select kind, detail->>'webhookEventId' as event, created_at as at from invoice_events order by created_at, kind, id`,
    )
  ).rows.map((row) => [row.kind, row.event, row.at.toISOString()]);

describe("migration 0028 on a timeline with doubles", () => {
  it("is found", () => expect(ONCE).toBeGreaterThan(0));

  it("keeps each delivery's first entry, and every other entry as it was", async () => {
    expect(await timeline()).toEqual([
      // Entries from before the event id was written down are not the key's business.
      ["webhook_received", null, "2026-09-01T10:00:00.000Z"],
      ["webhook_received", null, "2026-09-01T10:00:00.000Z"],
      ["webhook_received", delivery(1), "2026-10-01T10:00:00.000Z"],
      ["status_changed", null, "2026-10-01T10:00:01.000Z"],
      ["status_changed", null, "2026-10-01T10:00:01.000Z"],
      ["webhook_received", delivery(2), "2026-10-01T11:00:00.000Z"],
      ["webhook_received", delivery(3), "2026-10-01T12:00:00.000Z"],
    ]);
  });

  it("refuses a delivery's second entry from now on", async () => {
    await expect(
      client.exec(
        `insert into invoice_events (invoice_id, kind, detail, source, created_at) values ${received(delivery(2), "2026-10-02T00:00:00Z")}`,
      ),
    ).rejects.toThrow(/invoice_events_webhook_received_key/);
  });
});
