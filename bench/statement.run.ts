/**
 * The statement's figures alone, on PostgreSQL:
 * `bash test-support/runner/with-postgres.sh node --conditions=react-server --import tsx bench/statement.run.ts [--quick]`
 * (BENCH_STATEMENT_ROWS sets the size).
 */
import { printFigures } from "./report";
import { benchStatement } from "./statement-bench";

const QUICK = process.argv.includes("--quick");
printFigures(
  await benchStatement({
    rows: Number(process.env.BENCH_STATEMENT_ROWS ?? (QUICK ? 200_000 : 10_000_000)),
    runs: QUICK ? 10 : 20,
  }),
);
process.exit(0);
