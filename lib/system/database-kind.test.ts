import { describe, expect, it } from "vitest";
import { describeDatabase } from "./database-kind";

describe("describeDatabase", () => {
  it("keeps a PostgreSQL URL's host, port and database, never its user, password or query", () => {
    const described = describeDatabase({
      databaseUrl: "postgres://paydesk:s3cret-pass@db.internal:6543/paydesk_prod?sslmode=require&password=q",
      dataDir: "./data/paydesk",
    });
    expect(described).toEqual({
      kind: "postgresql",
      host: "db.internal",
      port: 6543,
      database: "paydesk_prod",
    });
    expect(JSON.stringify(described)).not.toMatch(/s3cret|paydesk:|sslmode|password/);
  });

  it("says PGlite with its data directory, made absolute, when no DATABASE_URL is set", () => {
    const described = describeDatabase({ dataDir: "./data/paydesk" });
    expect(described.kind).toBe("pglite");
    expect(described).toMatchObject({ dataDir: expect.stringMatching(/^\/.*\/data\/paydesk$/) });
  });
});
