import { expect, test } from "@playwright/test";
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres";
import { pollUntil, startProductionServer, type ProductionServer } from "./support/production-server";

/**
 * Issue 24: readiness follows the database. A production server on a PostgreSQL server the spec
 * controls answers /api/ready 503 naming the database while that server is down, stays alive
 * (/api/health 200) all along, and is ready again once the database is back, without a restart.
 * `npm test` (test-support/runner/test.sh) provides PostgreSQL's binaries, installing them when
 * CI=true; elsewhere, without them, the spec is skipped.
 */
test.describe.configure({ timeout: 240_000 });

const bin = postgresBinDir();

test("/api/ready answers 503 naming the database while PostgreSQL is down, and 200 again once it is back, with no restart", async () => {
  if (!bin) {
    if (process.env.CI === "true") throw new Error("CI=true: this spec needs PostgreSQL's server binaries");
    test.skip(true, "no PostgreSQL server binaries (set PAYDESK_PG_BIN, or install postgresql)");
    return;
  }
  let postgres: PrivatePostgres | undefined;
  let server: ProductionServer | undefined;
  try {
    postgres = await startPrivatePostgres(bin);
    server = await startProductionServer({ PAYDESK_SANDBOX: "embedded", DATABASE_URL: postgres.url });
    const base = server.baseUrl;

    postgres.stop();
    const down = await pollUntil("/api/ready answers 503", 15_000, async () => {
      const response = await fetch(`${base}/api/ready`);
      return response.status === 503 ? ((await response.json()) as { problems: string[] }) : undefined;
    });
    expect(
      down.problems.some((problem) => problem.startsWith("database: ")),
      down.problems.join("; "),
    ).toBe(true);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);

    // Requests that need the database fail meanwhile; the log says so a few times, not per request.
    const linesAtOutage = server.lines.length;
    for (let attempt = 0; attempt < 40; attempt++) {
      await fetch(`${base}/api/webhooks/payments`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ order_id: `outage-${attempt}`, status: "paid", sign: "0".repeat(64) }),
      });
    }

    postgres.start();
    await pollUntil("/api/ready answers 200 again", 30_000, async () => {
      const response = await fetch(`${base}/api/ready`);
      return response.status === 200 ? true : undefined;
    });
    expect(server.gone(), "the same server process answered throughout, never restarted").toBe(false);
    const outageLog = server.lines.slice(linesAtOutage).map((line) => line.text);
    const loud = outageLog.filter((text) => {
      try {
        const record = JSON.parse(text) as { level: number; route?: string };
        // Access lines are one per request by design (a 5xx one at warn); the rest must not be.
        return record.level >= 40 && record.route === undefined;
      } catch {
        return true;
      }
    });
    expect(loud.length, loud.join("\n")).toBeLessThan(10);
  } finally {
    server?.kill();
    postgres?.remove();
  }
});
