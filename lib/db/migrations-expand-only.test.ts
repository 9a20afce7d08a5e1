import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Migrations expand, then contract: a release never drops or renames what the release before it
 * reads, so that release still runs on the new schema and a rollback is the old code. A statement
 * that removes or renames something passes only as an exception stated here, with the reason the
 * release before no longer needs it (or that it cannot run on this schema, said in the upgrade
 * notes). Loosening a column (DROP NOT NULL, DROP DEFAULT) expands; it is not flagged.
 */
const MIGRATIONS_DIR = path.join(__dirname, "migrations");

const CONTRACTING = [
  /\bDROP\s+(TABLE|COLUMN|INDEX|CONSTRAINT|VIEW|MATERIALIZED\s+VIEW|TYPE|SCHEMA|FUNCTION|TRIGGER|SEQUENCE)\b/i,
  /\bRENAME\b/i,
];

/** `<migration file>: <the statement's start>` → why the release before does not suffer it. */
const STATED_EXCEPTIONS: Record<string, string> = {
  '0010_withdrawal_trail_in_audit_log.sql: DROP TABLE "withdrawal_audit"':
    "the withdrawal trail moved into the audit log, its rows copied in the same migration; releases before 0010 cannot run on this schema",
  '0014_money_after_payouts.sql: DROP INDEX "invoice_resolutions_invoice_key"':
    "one resolution per invoice became one in force per invoice (invoice_resolutions_in_force_key); no release relied on the old index by name",
  '0016_sessions_are_rows.sql: ALTER TABLE "users" DROP COLUMN "session_version"':
    "sessions became rows (0015); releases before 0015 cannot run on this schema, and everyone signs in again once",
  '0024_ledger.sql: DROP INDEX "invoices_exceptions_idx"':
    "the worklist's index gained invoices paid short after refunds (invoices_open_exceptions_idx); the release before reads the same rows without it, only slower",
};

interface Statement {
  file: string;
  text: string;
}

function statementsOf(file: string): Statement[] {
  const sql = readFileSync(path.join(MIGRATIONS_DIR, file), "utf8");
  return sql
    .split("--> statement-breakpoint")
    .map((chunk) =>
      chunk
        .split("\n")
        .filter((line) => !line.trim().startsWith("--"))
        .join("\n")
        .trim(),
    )
    .filter((text) => text.length > 0)
    .map((text) => ({ file, text }));
}

const migrationFiles = readdirSync(MIGRATIONS_DIR)
  .filter((name) => name.endsWith(".sql"))
  .sort();

function exceptionFor(statement: Statement): string | undefined {
  return Object.keys(STATED_EXCEPTIONS).find((key) => {
    const [file, start] = key.split(": ", 2);
    return file === statement.file && start !== undefined && statement.text.startsWith(start);
  });
}

function contractingStatements(statements: Statement[]): Statement[] {
  return statements.filter(({ text }) => CONTRACTING.some((pattern) => pattern.test(text)));
}

describe("migrations expand, then contract", () => {
  it("drop or rename nothing without a stated exception", () => {
    const unstated = contractingStatements(migrationFiles.flatMap(statementsOf))
      .filter((statement) => !exceptionFor(statement))
      .map(({ file, text }) => `${file}: ${text.split("\n")[0]}`);
    expect(unstated).toEqual([]);
  });

  it("state no exception for a statement that is not there", () => {
    const used = new Set(
      contractingStatements(migrationFiles.flatMap(statementsOf)).map((statement) => exceptionFor(statement)),
    );
    expect(Object.keys(STATED_EXCEPTIONS).filter((key) => !used.has(key))).toEqual([]);
  });

  it("flags what removes or renames, and lets what loosens pass", () => {
    const flagged = contractingStatements(
      [
        'ALTER TABLE "users" DROP COLUMN "name";',
        'ALTER TABLE "users" RENAME COLUMN "name" TO "full_name";',
        'ALTER TABLE "invoices" RENAME TO "bills";',
        'DROP INDEX "invoices_status_idx";',
        'ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;',
        'ALTER TABLE "users" ALTER COLUMN "role" DROP DEFAULT;',
        'ALTER TABLE "users" ADD COLUMN "dropped_at" timestamp;',
      ].map((text) => ({ file: "9999_example.sql", text })),
    ).map(({ text }) => text);
    expect(flagged).toEqual([
      'ALTER TABLE "users" DROP COLUMN "name";',
      'ALTER TABLE "users" RENAME COLUMN "name" TO "full_name";',
      'ALTER TABLE "invoices" RENAME TO "bills";',
      'DROP INDEX "invoices_status_idx";',
    ]);
  });
});
