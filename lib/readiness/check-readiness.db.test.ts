import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/types";
import type { LoopLiveness } from "@/lib/jobs/periodic-job";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import type { HealthSnapshot } from "@/lib/health/health-state";
import {
  checkReadiness,
  ROUND_STUCK_AFTER_MS,
  SMTP_WARNING_AFTER_MS,
  STOPPING_PROBLEM,
} from "./check-readiness";
import { shippedMigrations } from "@/lib/db/migration-status";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());
afterEach(() => vi.useRealTimers());

const NOW = Date.parse("2026-11-26T02:00:00Z");

function loop(overrides: Partial<LoopLiveness> = {}): LoopLiveness {
  return {
    name: "invoice-refresher",
    intervalMs: 30_000,
    startedAt: NOW - 600_000,
    lastRoundFinishedAt: NOW - 10_000,
    roundRunningSince: null,
    lastSuccessAt: null,
    lastFailure: null,
    ...overrides,
  };
}

const inputs = (loops: LoopLiveness[] | null = [loop()]) => ({
  now: NOW,
  loops,
  expectedMigrations: shippedMigrations(),
});

describe(`checkReadiness (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("is ready on a migrated database with loops that just started or ran a round within twice their interval", async () => {
    const loops = [
      loop({ name: "invoice-refresher", startedAt: NOW - 1_000, lastRoundFinishedAt: null }),
      loop({ name: "webhook-sweeper", lastRoundFinishedAt: NOW - 60_000 }),
    ];
    expect(await checkReadiness(testDb.db, inputs(loops))).toEqual({ status: "ready" });
  });

  it("does not check loops when none were started in this process", async () => {
    expect(await checkReadiness(testDb.db, inputs(null))).toEqual({ status: "ready" });
  });

  it("is degraded, not out of the balancer, naming a loop with no round for more than twice its interval, and one stuck in its first round", async () => {
    const stuck = ROUND_STUCK_AFTER_MS + 60_000;
    const loops = [
      loop({ name: "invoice-refresher", lastRoundFinishedAt: NOW - 95_000 }),
      loop({
        name: "webhook-sweeper",
        startedAt: NOW - stuck - 30_000,
        lastRoundFinishedAt: null,
        roundRunningSince: NOW - stuck,
      }),
      loop({ name: "webhook-pruner", intervalMs: 600_000, lastRoundFinishedAt: NOW - 1_000_000 }),
    ];
    expect(await checkReadiness(testDb.db, inputs(loops))).toEqual({
      status: "degraded",
      warnings: [
        "loop invoice-refresher: no round for 95 s (interval 30 s)",
        `loop webhook-sweeper: no round since it started ${(stuck + 30_000) / 1000} s ago (interval 30 s); the current round has run for ${stuck / 1000} s`,
      ],
    });
  });

  it("counts a long round in progress as working: a slow payment service takes no instance out", async () => {
    const loops = [
      loop({
        name: "withdrawal-resubmitter",
        intervalMs: 3_000,
        lastRoundFinishedAt: NOW - 70_000,
        roundRunningSince: NOW - 65_000,
      }),
    ];
    expect(await checkReadiness(testDb.db, inputs(loops))).toEqual({ status: "ready" });
  });

  it("is not ready once the process is shutting down, whatever else holds", async () => {
    expect(await checkReadiness(testDb.db, { ...inputs(), stopping: true })).toEqual({
      status: "not ready",
      problems: [STOPPING_PROBLEM],
    });
  });

  it("adds further warnings (two-factor secrets another NEXTAUTH_SECRET wrote) and survives their check failing", async () => {
    const warning = "two-factor: 2 of 2 authenticator app secret(s) cannot be read with this NEXTAUTH_SECRET";
    expect(
      await checkReadiness(testDb.db, { ...inputs(), moreWarnings: () => Promise.resolve([warning]) }),
    ).toEqual({ status: "degraded", warnings: [warning] });
    expect(
      await checkReadiness(testDb.db, { ...inputs(), moreWarnings: () => Promise.reject(new Error("x")) }),
    ).toEqual({ status: "ready" });
  });

  it("names a loop that was stopped, as a warning", async () => {
    const readiness = await checkReadiness(testDb.db, inputs([loop({ startedAt: null })]));
    expect(readiness).toEqual({ status: "degraded", warnings: ["loop invoice-refresher: stopped"] });
  });

  const working: HealthSnapshot = {
    failing: false,
    failingSince: null,
    lastFailure: null,
    consecutiveFailures: 0,
    lastSuccessAt: NOW - 1_000,
  };
  const failingFor = (ms: number, lastFailure: string, consecutiveFailures = 4): HealthSnapshot => ({
    failing: true,
    failingSince: NOW - ms,
    lastFailure,
    consecutiveFailures,
    lastSuccessAt: NOW - ms - 1_000,
  });

  it("warns of an SMTP server failing for 10 minutes, not before, and stays in the balancer", async () => {
    const refused = "no connection to the SMTP server";
    const early = await checkReadiness(testDb.db, {
      ...inputs(),
      smtp: failingFor(SMTP_WARNING_AFTER_MS - 1_000, refused),
    });
    expect(early).toEqual({ status: "ready" });
    const late = await checkReadiness(testDb.db, { ...inputs(), smtp: failingFor(12 * 60_000, refused) });
    expect(late).toEqual({
      status: "degraded",
      warnings: [
        "mail: sending has failed for 12 min (no connection to the SMTP server); messages wait in the outbox (Admin → Outgoing mail)",
      ],
    });
    expect(await checkReadiness(testDb.db, { ...inputs(), smtp: working })).toEqual({ status: "ready" });
  });

  it("warns of a failing payment service, with the SMTP server and a loop, all in one answer", async () => {
    const readiness = await checkReadiness(testDb.db, {
      ...inputs([loop({ startedAt: null })]),
      service: failingFor(30_000, "read invoice: no usable answer (no connection, a timeout or a 5xx)", 3),
      smtp: failingFor(3_600_000, "the SMTP server answered 421"),
    });
    expect(readiness).toEqual({
      status: "degraded",
      warnings: [
        "payment service: its last 3 calls failed (the last: read invoice: no usable answer (no connection, a timeout or a 5xx)); invoices and payouts wait until it answers",
        "mail: sending has failed for 1 h (the SMTP server answered 421); messages wait in the outbox (Admin → Outgoing mail)",
        "loop invoice-refresher: stopped",
      ],
    });
    const up = await checkReadiness(testDb.db, { ...inputs(), service: working });
    expect(up).toEqual({ status: "ready" });
  });

  it("is not ready with a configuration it cannot work with, and then gives no warnings", async () => {
    const readiness = await checkReadiness(testDb.db, {
      ...inputs([loop({ startedAt: null })]),
      configurationProblems: ["configuration: PAYMENTS_INVOICE_KEY is missing"],
    });
    expect(readiness).toEqual({
      status: "not ready",
      problems: ["configuration: PAYMENTS_INVOICE_KEY is missing"],
    });
  });

  it("tells the database's health what its check found", async () => {
    const told: string[] = [];
    const health = {
      failure: (kind: string) => told.push(`failure: ${kind}`),
      success: () => told.push("success"),
    };
    await checkReadiness(testDb.db, { ...inputs(), databaseHealth: health });
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.9.8.7:5432"), { code: "ECONNREFUSED" });
    await checkReadiness(Promise.reject(refused), { ...inputs(), databaseHealth: health });
    expect(told).toEqual(["success", "failure: connection refused"]);
  });

  it("names the migration the database lacks", async () => {
    const [last] = shippedMigrations().slice(-1);
    if (!last) throw new Error("this build ships no migrations");
    const removed = (await testDb.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when} returning hash`,
    )) as unknown as { rows: { hash: string }[] };
    const [row] = removed.rows;
    expect(removed.rows).toHaveLength(1);
    try {
      expect(await checkReadiness(testDb.db, inputs())).toEqual({
        status: "not ready",
        problems: [
          `migrations: ${last.tag} not applied (the database is behind this build: run \`node paydesk.cjs db:migrate\` in the bundle, or restart with PAYDESK_MIGRATE=on)`,
        ],
      });
    } finally {
      await testDb.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row?.hash}, ${last.when})`,
      );
    }
    expect(await checkReadiness(testDb.db, inputs())).toEqual({ status: "ready" });
  });

  it("says none are applied when the database has no migrations table", async () => {
    await testDb.db.execute(sql`alter table drizzle.__drizzle_migrations rename to hidden_migrations`);
    try {
      expect(await checkReadiness(testDb.db, inputs())).toEqual({
        status: "not ready",
        problems: ["migrations: none applied (no migrations table)"],
      });
    } finally {
      await testDb.db.execute(sql`alter table drizzle.hidden_migrations rename to __drizzle_migrations`);
    }
  });

  it("is ready when the database has migrations newer than this build (a rolling deploy)", async () => {
    const older = shippedMigrations().slice(0, -1);
    const readiness = await checkReadiness(testDb.db, { ...inputs(), expectedMigrations: older });
    expect(readiness).toEqual({ status: "ready" });
  });

  it("says so when this build's migrations cannot be read", async () => {
    const readiness = await checkReadiness(testDb.db, {
      ...inputs(),
      expectedMigrations: Promise.reject(new Error("ENOENT")),
    });
    expect(readiness).toEqual({
      status: "not ready",
      problems: ["migrations: this build's migrations journal could not be read"],
    });
  });

  it("reports a closed database as a database problem, without throwing", async () => {
    const closed = await createTestDb();
    await closed.close();
    const readiness = await checkReadiness(closed.db, inputs());
    expect(readiness).toEqual({ status: "not ready", problems: ["database: the database is closed"] });
  });

  it("reports a database that failed to open in words, not with the driver's message", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.9.8.7:5432"), { code: "ECONNREFUSED" });
    const readiness = await checkReadiness(Promise.reject(refused), inputs([loop()]));
    expect(readiness).toEqual({ status: "not ready", problems: ["database: connection refused"] });
  });

  it("reports a PostgreSQL server that refuses the connection, naming neither its host nor the password", async () => {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    // Port 1 on this machine: nothing listens there, so the connection is refused at once.
    const pool = new Pool({ connectionString: "postgres://paydesk:s3cret@localhost:1/paydesk" });
    try {
      const readiness = await checkReadiness(drizzle(pool) as unknown as Db, inputs());
      expect(readiness).toEqual({ status: "not ready", problems: ["database: connection refused"] });
    } finally {
      await pool.end();
    }
  });

  it("gives up on a database that does not answer within the time box", async () => {
    vi.useFakeTimers();
    const answer = checkReadiness(new Promise(() => {}), { ...inputs(), loops: null });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await answer).toEqual({ status: "not ready", problems: ["database: no answer within 2 s"] });
  });
});
