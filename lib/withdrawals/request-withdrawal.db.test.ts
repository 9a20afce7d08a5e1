import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withdrawals } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { insertUser } from "@/test-support/users";
import { requestWithdrawal } from "./request-withdrawal";

let testDb: TestDb;
let support: string;
let other: string;
beforeAll(async () => {
  testDb = await createTestDb();
  const password = "a-long-password-1";
  support = (await insertUser(testDb.db, { email: "s@example.com", name: "S", role: "support", password }))
    .id;
  other = (await insertUser(testDb.db, { email: "o@example.com", name: "O", role: "support", password })).id;
});
afterAll(() => testDb.close());

const openedForm = () => openedWithdrawalForm();

const rowsFor = (requestToken: string) =>
  testDb.db.select().from(withdrawals).where(eq(withdrawals.requestToken, requestToken));

describe("requesting a withdrawal from one opened form", () => {
  it("submitted twice at once (a double click) makes one request, and both get it back", async () => {
    const form = openedForm();
    const [first, second] = await Promise.all([
      requestWithdrawal(testDb.db, form, support),
      requestWithdrawal(testDb.db, form, support),
    ]);
    expect(second?.id).toBe(first?.id);
    expect(await rowsFor(form.requestToken)).toHaveLength(1);
  });

  it("sent again later (a network retry) gives back the request it made", async () => {
    const form = openedForm();
    const first = await requestWithdrawal(testDb.db, form, support);
    expect((await requestWithdrawal(testDb.db, form, support)).id).toBe(first.id);
    expect(await rowsFor(form.requestToken)).toHaveLength(1);
  });

  it("two opened forms are two requests", async () => {
    const a = await requestWithdrawal(testDb.db, openedForm(), support);
    const b = await requestWithdrawal(testDb.db, openedForm(), support);
    expect(a.id).not.toBe(b.id);
  });

  it("another person's token is only theirs: it makes their own request with its own order id, and touches nobody else's", async () => {
    const form = openedForm();
    const mine = await requestWithdrawal(testDb.db, form, support);
    const theirs = await requestWithdrawal(testDb.db, { ...form, amount: "999" }, other);
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.orderId).not.toBe(mine.orderId);
    expect(await rowsFor(form.requestToken)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ requestedBy: support, amount: "10" }),
        expect.objectContaining({ requestedBy: other, amount: "999" }),
      ]),
    );
  });
});
