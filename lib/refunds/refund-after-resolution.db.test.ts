import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@/lib/db/schema";
import { resolveException } from "@/lib/exceptions/resolve-exception";
import {
  invoiceThatReceived,
  refundForm,
  seedMoneyPeople,
  type MoneyPeople,
} from "@/test-support/money-rows";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { invoiceRefunds } from "./invoice-refunds";
import { requestRefund } from "./request-refund";

let testDb: TestDb;
let people: MoneyPeople;

beforeAll(async () => {
  testDb = await createTestDb();
  people = await seedMoneyPeople(testDb.db);
});
afterAll(() => testDb.close());

describe("issue 22 case 4: refunds after 'Accept as paid'", () => {
  it("an underpayment accepted as paid offers no refund and refuses one", async () => {
    const { db } = testDb;
    const invoice = await invoiceThatReceived(db, { status: "underpaid", payments: ["9"] });
    const [support] = await db.select().from(users).where(eq(users.id, people.support));
    await resolveException(
      db,
      { kind: "user", userId: people.support, email: support?.email },
      { invoiceId: invoice.id, kind: "accepted_as_paid", note: "Close enough; the order ships." },
    );

    expect((await invoiceRefunds(db, invoice.id))?.offersRefund).toBe(false);
    await expect(requestRefund(db, refundForm(invoice.id, "9"), people.support)).rejects.toThrow(/resolved/);
  });

  it("an unresolved exception still offers its refund", async () => {
    const invoice = await invoiceThatReceived(testDb.db, { status: "underpaid", payments: ["9"] });
    expect((await invoiceRefunds(testDb.db, invoice.id))?.offersRefund).toBe(true);
  });
});
