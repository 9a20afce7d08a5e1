import { describe, expect, it } from "vitest";
import { describeStart, type StartFacts } from "./start-line";

const facts: StartFacts = {
  version: "0.11.0",
  commit: "abc1234",
  node: "v22.11.0",
  database: { kind: "postgresql", host: "db.internal", port: 5432, database: "paydesk" },
  migrationsApplied: ["0031_outbox_index", "0032_webhook_key"],
  migrationsPending: 0,
  listen: { host: "127.0.0.1", port: "3000" },
  mode: "production",
  service: "https://payments.example.com",
};

describe("the start line", () => {
  it("names the release, the address, the mode, the database, the migrations and the service", () => {
    expect(describeStart(facts)).toBe(
      "Paydesk 0.11.0 (abc1234) ready on http://127.0.0.1:3000: production mode, Node v22.11.0, " +
        "database PostgreSQL db.internal:5432/paydesk (2 migration(s) applied at this start, 0 pending), " +
        "service https://payments.example.com",
    );
  });

  it("names PGlite's directory, an IPv6 address in brackets and the embedded sandbox", () => {
    expect(
      describeStart({
        ...facts,
        database: { kind: "pglite", dataDir: "/var/lib/paydesk/data" },
        migrationsApplied: [],
        migrationsPending: null,
        listen: { host: "::", port: "8080" },
        mode: "demo",
        service: "embedded sandbox",
      }),
    ).toBe(
      "Paydesk 0.11.0 (abc1234) ready on http://[::]:8080: demo mode, Node v22.11.0, " +
        "database PGlite in /var/lib/paydesk/data (0 migration(s) applied at this start, unknown pending), " +
        "service embedded sandbox",
    );
  });
});
