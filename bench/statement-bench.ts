import { eq, sql } from "drizzle-orm";
import { users } from "@/lib/db/schema";
import { dayIn } from "@/lib/display/time";
import { statementFigures } from "@/lib/statement/figures";
import { statementLinesPage } from "@/lib/statement/lines-page";
import { monthBefore, periodOfMonth } from "@/lib/statement/period";
import { rangeInZone } from "@/lib/statement/range-in-zone";
import { createTestDb } from "@/test-support/test-db";
import { BENCH_USERS, seedBenchUsers } from "./bench-users";
import type { Figure } from "./figures";
import { time } from "./measure";
import { seedLedger } from "./statement-seed";

const TARGET_MS = 1_000;
const ZONE = "Europe/Berlin";

/**
 * The statement of last month (in Berlin) over `rows` ledger entries spread over two years: the
 * summary as the page and the downloads compute it (figures from ledger_totals, the opening from
 * every quarter hour before the month, the payouts with no fee reported from the entries), and the
 * first page of its lines, all and those behind the fees not reported.
 */
export async function benchStatement({ rows, runs }: { rows: number; runs: number }): Promise<Figure[]> {
  const testDb = await createTestDb();
  try {
    await seedBenchUsers(testDb.db);
    const [support] = await testDb.db.select().from(users).where(eq(users.email, BENCH_USERS.support));
    if (!support) throw new Error("benchStatement: no bench user");
    const started = Date.now();
    const seeded = await seedLedger(testDb.db, rows, support.id);
    const [counted] = (
      (await testDb.db.execute(
        sql`select (select count(*) from ledger_entries)::int as entries, (select count(*) from ledger_totals)::int as totals`,
      )) as unknown as { rows: { entries: number; totals: number }[] }
    ).rows;
    console.log(
      `[bench] statement: seeded ${counted?.entries.toLocaleString("en")} ledger entries (${seeded.payments.toLocaleString("en")} payments, ${seeded.payouts.toLocaleString("en")} payouts; ${counted?.totals.toLocaleString("en")} rows of ledger_totals) in ${(Date.now() - started) / 1000} s`,
    );
    const range = rangeInZone(periodOfMonth(monthBefore(dayIn(new Date(), ZONE))), ZONE);
    const summary = await time(() => statementFigures(testDb.db, range), runs, 3);
    const firstPage = await time(() => statementLinesPage(testDb.db, range, { figure: "all" }, {}), runs, 3);
    const unreported = await time(
      () => statementLinesPage(testDb.db, range, { figure: "fees_not_reported" }, {}),
      runs,
      3,
    );
    const size = (counted?.entries ?? rows).toLocaleString("en");
    return [
      {
        name: `statement of a month at ${size} ledger rows (summary, p95)`,
        value: summary.p95,
        unit: "ms",
        target: `< ${TARGET_MS} ms`,
        met: summary.p95 < TARGET_MS,
      },
      {
        name: "statement: first page of a month's lines, p95",
        value: firstPage.p95,
        unit: "ms",
        target: "reported",
      },
      {
        name: "statement: first page of the payouts with no fee reported, p95",
        value: unreported.p95,
        unit: "ms",
        target: "reported",
      },
    ];
  } finally {
    await testDb.close();
  }
}
