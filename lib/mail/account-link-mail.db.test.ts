import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { outbox } from "@/lib/db/schema";
import { issueAccountLink } from "@/lib/users/account-links";
import { appMailHarness } from "@/test-support/app-mail-harness";
import { seedUser } from "@/test-support/fake-service";

const mail = appMailHarness();

it("emails an invitation link to its person through the outbox, and keeps no copy once sent", async () => {
  const userId = await seedUser(mail.testDb.db);
  const link = await mail.testDb.db.transaction((tx) =>
    issueAccountLink(tx, { userId, kind: "invitation", createdBy: null, lifetimeHours: 72 }),
  );
  expect(await mail.deliver(5)).toMatchObject({ sent: 1 });
  const [received] = mail.smtp.caught;
  expect(received?.parsed.subject).toBe("Your Paydesk account: choose your password");
  expect(received?.parsed.text).toContain(
    `Choose your password: https://paydesk.shop.example/join/${link.token}`,
  );
  const [row] = await mail.testDb.db.select().from(outbox).where(eq(outbox.kind, "account_link"));
  expect(row).toMatchObject({ state: "sent", textBody: null, htmlBody: null });
  expect(JSON.stringify(row)).not.toContain(link.token);
});
