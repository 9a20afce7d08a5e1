import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "@/lib/db/schema";
import { moveTo, seedMoneyPeople, withdrawalById, type MoneyPeople } from "@/test-support/money-rows";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { approveWithdrawal } from "./decide";
import { requestWithdrawal } from "./request-withdrawal";
import { sendAgain } from "./send-again";
import { changeApprovalThreshold, setApprovalThreshold } from "./settings";

let testDb: TestDb;
let people: MoneyPeople;

beforeAll(async () => {
  testDb = await createTestDb();
  people = await seedMoneyPeople(testDb.db);
});
beforeEach(() => setApprovalThreshold(testDb.db, null, people.admin));
afterAll(() => testDb.close());

const fiatRequest = (fiatAmount: string) =>
  requestWithdrawal(
    testDb.db,
    openedWithdrawalForm({ amountIn: "fiat", amount: "", fiatAmount, fiatCurrency: "USD" }),
    people.support,
  );

async function adminActor() {
  const [admin] = await testDb.db.select().from(users).where(eq(users.id, people.admin));
  return { kind: "user" as const, userId: people.admin, email: admin?.email };
}

describe("issue 22 case 11: a request's required approvers follow the threshold", () => {
  it("raising the threshold applies at once to requests already waiting", async () => {
    const waiting = await fiatRequest("500");
    expect(waiting.requiredApprovals).toBe(1);

    await changeApprovalThreshold(testDb.db, await adminActor(), { amount: "100", fiatCurrency: "USD" });

    expect((await withdrawalById(testDb.db, waiting.id)).requiredApprovals).toBe(2);
    expect((await approveWithdrawal(testDb.db, waiting.id, people.finance1)).fullyApproved).toBe(false);
  });

  it("a lowered threshold (applied through dual control) lowers what waiting requests need", async () => {
    await setApprovalThreshold(testDb.db, { amount: "100", fiatCurrency: "USD" }, people.admin);
    const waiting = await fiatRequest("500");
    expect(waiting.requiredApprovals).toBe(2);
    await setApprovalThreshold(testDb.db, { amount: "1000", fiatCurrency: "USD" }, people.admin);
    expect((await withdrawalById(testDb.db, waiting.id)).requiredApprovals).toBe(1);
  });

  it("Send again after a refusal asks for the approvers the threshold asks for now", async () => {
    const refused = await fiatRequest("500");
    await moveTo(testDb.db, refused.id, "failed");
    await setApprovalThreshold(testDb.db, { amount: "100", fiatCurrency: "USD" }, people.admin);
    await moveTo(testDb.db, refused.id, "failed", { requiredApprovals: 1 });

    const { withdrawal } = await sendAgain(testDb.db, refused.id, people.finance1);

    expect(withdrawal).toMatchObject({ state: "awaiting_approval", requiredApprovals: 2 });
  });
});
