import { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { createLoginLimiter, describeWait, memoryCounters, postgresCounters } from "./login-rate-limit";

const limits = {
  perEmail: { points: 3, durationSeconds: 60 },
  perAddress: { points: 5, durationSeconds: 60 },
  perKnownBrowser: { points: 2, durationSeconds: 60 },
};

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

/** On the PostgreSQL leg the counters live in the database, as in production; else in memory. */
const counters = () => (testDb.pgPool ? postgresCounters(testDb.pgPool) : memoryCounters);
let run = 0;
/** Each test its own emails and addresses, since database counters outlive a limiter. */
const tag = () => `t${++run}-${Date.now()}`;

describe("sign-in limits", () => {
  it("takes a point before the password is checked and refuses an email once its allowance is spent", async () => {
    const limiter = await createLoginLimiter(limits, counters());
    const email = `${tag()}@example.com`;
    for (let i = 0; i < 3; i++)
      expect(await limiter.attempt(email, `198.51.100.${i}`)).toEqual({ allowed: true });
    const refused = await limiter.attempt(email, "198.51.100.99");
    expect(refused).toMatchObject({ allowed: false });
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("counts parallel guesses: no more get through than the allowance", async () => {
    const limiter = await createLoginLimiter(limits, counters());
    const email = `${tag()}@example.com`;
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => limiter.attempt(email, `203.0.113.${i}`)),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(3);
  });

  it("limits one address guessing across many emails, and only that address", async () => {
    const limiter = await createLoginLimiter(limits, counters());
    const t = tag();
    for (let i = 0; i < 5; i++) await limiter.attempt(`${t}-user${i}@example.com`, "192.0.2.1");
    expect(await limiter.attempt(`${t}-fresh@example.com`, "192.0.2.1")).toMatchObject({ allowed: false });
    expect(await limiter.attempt(`${t}-fresh@example.com`, "192.0.2.2")).toEqual({ allowed: true });
  });

  it("a success clears the email's count and gives the address its point back", async () => {
    const limiter = await createLoginLimiter(limits, counters());
    const t = tag();
    const email = `${t}@example.com`;
    for (let i = 0; i < 2; i++) await limiter.attempt(email, "192.0.2.10");
    await limiter.attempt(email, "192.0.2.10");
    await limiter.succeeded(email, "192.0.2.10");
    for (let i = 0; i < 3; i++) expect(await limiter.attempt(email, "192.0.2.11")).toEqual({ allowed: true });
    // 192.0.2.10 spent 3 of its 5 and got 1 back: three more attempts from it pass, whatever the email.
    for (const name of ["a", "b", "c"]) {
      expect(await limiter.attempt(`${t}-${name}@example.com`, "192.0.2.10")).toEqual({ allowed: true });
    }
    expect(await limiter.attempt(`${t}-d@example.com`, "192.0.2.10")).toMatchObject({ allowed: false });
  });

  it("a browser known to the account is never refused for failures by anyone else, from anywhere", async () => {
    const limiter = await createLoginLimiter(limits, counters());
    const t = tag();
    const email = `${t}@example.com`;
    // An attacker at the owner's own address spends the address's and the email's allowance.
    for (let i = 0; i < 5; i++) await limiter.attempt(`${t}-other${i}@example.com`, "192.0.2.30");
    for (let i = 0; i < 3; i++) await limiter.attempt(email, "192.0.2.31");
    expect(await limiter.attempt(email, "192.0.2.30")).toMatchObject({ allowed: false });
    expect(await limiter.attempt(email, "192.0.2.30", `${t}-browser`)).toEqual({ allowed: true });
    await limiter.succeeded(email, "192.0.2.30", `${t}-browser`);
    // Still locked for everyone else: the owner's success does not reopen the email to the attacker.
    expect(await limiter.attempt(email, "192.0.2.32")).toMatchObject({ allowed: false });
  });

  it("a known browser has its own allowance, spent by its own failures only", async () => {
    const limiter = await createLoginLimiter(limits, counters());
    const t = tag();
    const email = `${t}@example.com`;
    for (let i = 0; i < 2; i++)
      expect(await limiter.attempt(email, "192.0.2.40", `${t}-browser`)).toEqual({ allowed: true });
    expect(await limiter.attempt(email, "192.0.2.40", `${t}-browser`)).toMatchObject({ allowed: false });
    expect(await limiter.attempt(email, "192.0.2.40", `${t}-other-browser`)).toEqual({ allowed: true });
    expect(await limiter.attempt(email, "192.0.2.40")).toEqual({ allowed: true });
  });

  it.runIf(process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL share the counters", async () => {
    const otherPool = new Pool({ connectionString: testDb.url, max: 2 });
    otherPool.on("error", () => {});
    try {
      const first = await createLoginLimiter(limits, counters());
      const second = await createLoginLimiter(limits, postgresCounters(otherPool));
      const email = `${tag()}@example.com`;
      for (let i = 0; i < 3; i++) await (i % 2 ? first : second).attempt(email, "192.0.2.20");
      expect(await first.attempt(email, "192.0.2.21")).toMatchObject({ allowed: false });
      expect(await second.attempt(email, "192.0.2.22")).toMatchObject({ allowed: false });
    } finally {
      await otherPool.end();
    }
  });

  it("describes the wait in words", () => {
    expect(describeWait(30)).toBe("a minute");
    expect(describeWait(600)).toBe("10 minutes");
  });
});
