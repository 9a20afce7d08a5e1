import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { databaseUrl, onPostgresServer } from "@/test-support/db-templates";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { issueAccountLink } from "@/lib/users/account-links";
import { choosePassword } from "@/lib/users/choose-password";
import { createUser } from "@/lib/users/manage-users";
import { createCodeLimiter } from "./code-limiter";
import { createLoginLimiter, memoryCounters } from "./login-rate-limit";
import { checkCredentials, TWO_FACTOR_REQUIRED } from "./sign-in";
import { checkTwoFactorSecrets, describeTwoFactorSecrets } from "./two-factor/secret-check";
import { secretKey } from "./two-factor/secret-box";
import { confirmEnrollment, pendingSecret, spendSecondFactor } from "./two-factor/store";
import { PERIOD_SECONDS } from "./two-factor/totp";

/**
 * The Backups section's drill: a database with a two-factor user is dumped with pg_dump, restored
 * with psql into a new database, and opened with the secrets kept beside the backup; the user signs
 * in with password and authenticator code. Opened with another NEXTAUTH_SECRET, the start-up check
 * says so. pg_dump and psql are PostgreSQL's: PGlite runs skip it.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const NEXTAUTH_SECRET = "the-secret-kept-with-the-backup-0123456789";
const PASSWORD = "lantern over the quiet harbour";
const client = { address: "192.0.2.44", userAgent: "Restore drill/1.0" };
let clock = Date.UTC(2026, 10, 28, 9, 0, 5);

let original: TestDb;
let restored: { db: Db; close(): Promise<void> } | undefined;
let restoredName = "";
let secret = "";
let email = "";

async function twoFactorUser(db: Db): Promise<{ email: string; secret: string }> {
  // As `npm run user:create` and the invitation link do, then the authenticator app's setup page.
  const { token } = await db.transaction(async (tx) => {
    const user = await createUser(tx, { email: "drill@example.com", name: "Dana Drill", role: "finance" });
    return issueAccountLink(tx, { userId: user.id, kind: "invitation", createdBy: null });
  });
  const { email: chosen } = await choosePassword(
    db,
    { token, password: PASSWORD },
    { clientAddress: client.address, userAgent: client.userAgent },
  );
  const [user] = await db.select().from(schema.users);
  if (!user) throw new Error("no user");
  const key = secretKey(NEXTAUTH_SECRET);
  const appSecret = await pendingSecret(db, key, user.id);
  if (!appSecret) throw new Error("no pending secret");
  await db.transaction(async (tx) => {
    const code = TOTP.generate({ secret: Secret.fromBase32(appSecret), timestamp: clock });
    const checked = await spendSecondFactor(tx, key, user.id, code, new Date(clock), {
      allowRecovery: false,
      pending: true,
    });
    expect(checked).toBe("totp");
    await confirmEnrollment(tx, user.id, new Date(clock));
  });
  return { email: chosen, secret: appSecret };
}

/**
 * PostgreSQL's client programs beside the server's (test-support/runner/postgres-bin.sh), so that
 * pg_dump is as new as the private server; else those on PATH (a server DATABASE_URL names).
 */
function postgresProgram(name: string): string {
  try {
    const bin = execFileSync("bash", ["test-support/runner/postgres-bin.sh"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return path.join(bin, name);
  } catch {
    return name;
  }
}

async function signIn(db: Db, appSecret: string, code: string) {
  return checkCredentials(
    db,
    {
      passwords: await createLoginLimiter(),
      codes: await createCodeLimiter(memoryCounters, { points: 5, durationSeconds: 900 }),
      secretKey: secretKey(appSecret),
      browserSecret: appSecret,
      now: () => new Date(clock),
    },
    { email, password: PASSWORD, code },
    client,
  );
}

describe.skipIf(!serverUrl)("a restore drill on PostgreSQL (pg_dump, psql; skipped on PGlite)", () => {
  beforeAll(async () => {
    original = await createTestDb();
    ({ email, secret } = await twoFactorUser(original.db));
    const dir = mkdtempSync(path.join(tmpdir(), "paydesk-restore-"));
    try {
      const dump = path.join(dir, "paydesk.sql");
      execFileSync(postgresProgram("pg_dump"), [
        "--no-owner",
        "--no-privileges",
        "--file",
        dump,
        original.url ?? "",
      ]);
      restoredName = `paydesk_restored_${Date.now()}`;
      await onPostgresServer(serverUrl ?? "", `create database ${restoredName}`);
      execFileSync(postgresProgram("psql"), [
        "--quiet",
        "--set",
        "ON_ERROR_STOP=1",
        "--file",
        dump,
        databaseUrl(serverUrl ?? "", restoredName),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new Pool({ connectionString: databaseUrl(serverUrl ?? "", restoredName), max: 2 });
    restored = { db: drizzle(pool, { schema }) as unknown as Db, close: () => pool.end() };
  });

  afterAll(async () => {
    await restored?.close();
    if (restoredName) await onPostgresServer(serverUrl ?? "", `drop database if exists ${restoredName}`);
    await original?.close();
  });

  it("signs the two-factor user in on the restored database with the secret kept with the backup", async () => {
    clock += PERIOD_SECONDS * 1000; // the setup's code is used up, there as here
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock });
    const db = restored?.db as Db;
    expect(await checkTwoFactorSecrets(db, NEXTAUTH_SECRET)).toEqual({ state: "readable" });
    // The second factor came back with the rest: the password alone does not sign in.
    expect(await signIn(db, NEXTAUTH_SECRET, "")).toEqual({ ok: false, message: TWO_FACTOR_REQUIRED });
    const result = await signIn(db, NEXTAUTH_SECRET, code);
    expect(result).toMatchObject({ ok: true, user: { email, role: "finance" } });
    // The same code does not sign in twice: the restored database remembers what was used.
    expect(await signIn(db, NEXTAUTH_SECRET, code)).toMatchObject({ ok: false });
  });

  it("with another NEXTAUTH_SECRET: the user is refused, and the start-up check says why and what to do", async () => {
    clock += PERIOD_SECONDS * 1000;
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock });
    const db = restored?.db as Db;
    const otherSecret = "a-new-hosts-own-secret-0123456789abcdef";
    expect(await signIn(db, otherSecret, code)).toMatchObject({
      ok: false,
      message: expect.stringContaining("two-factor secret cannot be read") as unknown,
    });
    const check = await checkTwoFactorSecrets(db, otherSecret);
    expect(check).toEqual({ state: "unreadable", unreadable: 1, enrolled: 1 });
    expect(describeTwoFactorSecrets(check)).toContain(
      "the database was written with another NEXTAUTH_SECRET: start with the secret that was kept with the backup",
    );
  });
});
