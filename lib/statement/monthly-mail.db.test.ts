import { eq, like } from "drizzle-orm";
import { expect, it } from "vitest";
import { mailPreferences, outbox, users } from "@/lib/db/schema";
import { writeMailPreferences } from "@/lib/mail/staff/preferences";
import { appMailHarness } from "@/test-support/app-mail-harness";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { insertUser } from "@/test-support/users";
import { queueDueStatements } from "./monthly-mail";

const mail = appMailHarness();

async function personWhoChoseIt(role: "finance" | "support", timeZone: string) {
  const { db } = mail.testDb;
  const { id } = await insertUser(db, {
    email: `${role}-${timeZone}@shop.example`.toLowerCase().replace("/", "-"),
    password: "x",
    role,
  });
  await db.update(users).set({ timeZone }).where(eq(users.id, id));
  if (role === "support") {
    // Support is never offered it; a row left from an earlier role must not send it either.
    await db.insert(mailPreferences).values({ userId: id, category: "monthly_statement", mode: "immediate" });
  } else {
    await writeMailPreferences(db, id, ["monthly_statement"], {
      modes: { monthly_statement: "immediate" },
      digestTime: "08:00",
    });
  }
  return id;
}

const statementsOf = (userId: string) =>
  mail.testDb.db
    .select()
    .from(outbox)
    .where(like(outbox.dedupeKey, `statement:${userId}:%`));

it("sends last month's statement on the 1st in the reader's zone, once, to finance who chose it", async () => {
  const { db } = mail.testDb;
  await insertListInvoices(db, [
    {
      orderId: "inv_october",
      status: "paid",
      currency: "USDT",
      network: "TRON",
      cryptoAmount: "25",
      paidCryptoAmount: "25",
      createdAt: "2026-10-15T10:00:00Z",
    },
  ]);
  const berlin = await personWhoChoseIt("finance", "Europe/Berlin");
  const utc = await personWhoChoseIt("finance", "UTC");
  const support = await personWhoChoseIt("support", "Europe/Berlin");
  const { id: notChosen } = await insertUser(db, {
    email: "quiet@shop.example",
    password: "x",
    role: "finance",
  });

  // 00:30 on 1 November in Berlin, still 31 October in UTC.
  const now = new Date("2026-10-31T23:30:00Z");
  expect(await queueDueStatements(db, 20, now)).toBe(2);

  const [october] = await statementsOf(berlin);
  expect(october).toMatchObject({ subject: "Paydesk statement for October 2026", kind: "staff_statement" });
  expect(october?.textBody).toContain(
    "USDT on TRON: opening 0, received 25, refunded 0, paid out 0, fees 0, closing 25.",
  );
  expect(october?.textBody).toContain("https://paydesk.shop.example/statement?month=2026-10");
  // For the reader in UTC the last full month is still September.
  expect((await statementsOf(utc)).map((row) => row.subject)).toEqual([
    "Paydesk statement for September 2026",
  ]);
  expect(await statementsOf(support)).toEqual([]);
  expect(await statementsOf(notChosen)).toEqual([]);

  expect(await queueDueStatements(db, 20, new Date("2026-11-01T08:00:00Z"))).toBe(1);
  expect((await statementsOf(utc)).map((row) => row.subject)).toContain("Paydesk statement for October 2026");
  expect(await queueDueStatements(db, 20, new Date("2026-11-02T08:00:00Z"))).toBe(0);

  await mail.deliver();
  expect(
    mail.smtp.caught.some((message) => message.parsed.subject === "Paydesk statement for October 2026"),
  ).toBe(true);
});
