import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { mailPreferences, outbox } from "@/lib/db/schema";
import { notify } from "@/lib/notifications/notify";
import { appMailHarness } from "@/test-support/app-mail-harness";
import { seedUser } from "@/test-support/fake-service";
import { readUnsubscribeLink, unsubscribe } from "./unsubscribe";

const mail = appMailHarness();

const event = (n: number) => ({
  kind: "withdrawal.awaiting_approval",
  object: { type: "withdrawal" as const, id: "5f0c1f43-5a43-4a5b-9a4b-0000000000a1" },
  message: `Withdrawal wd_${n} (50 USDT) waits for your approval.`,
  dedupeKey: `withdrawal:test:${n}`,
  mailCategory: "approval_waiting" as const,
});

it("emails a notification to those who chose its category, once, with a link and one-click unsubscribe", async () => {
  const chose = await seedUser(mail.testDb.db);
  const didNot = await seedUser(mail.testDb.db);
  await mail.testDb.db
    .insert(mailPreferences)
    .values({ userId: chose, category: "approval_waiting", mode: "immediate" });

  await notify(mail.testDb.db, [chose, didNot], event(1));
  await notify(mail.testDb.db, [chose, didNot], event(1));
  expect(await mail.testDb.db.select().from(outbox)).toHaveLength(1);
  expect(await mail.deliver()).toMatchObject({ sent: 1 });
  const [received] = mail.smtp.caught;
  expect(received?.parsed.subject).toBe("Withdrawal wd_1 (50 USDT) waits for your approval.");
  expect(received?.parsed.text).toContain(
    "Open in Paydesk: https://paydesk.shop.example/withdrawals/5f0c1f43-5a43-4a5b-9a4b-0000000000a1",
  );
  const head = (received?.raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
  expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const header = /^List-Unsubscribe: <([^>]+)>$/m.exec(head)?.[1] ?? "";
  const url = new URL(header);
  expect(url.origin + url.pathname).toBe("https://paydesk.shop.example/api/mail/unsubscribe");

  // The link names this person and category; a forged token names nothing.
  const secret = process.env.NEXTAUTH_SECRET ?? "";
  const link = readUnsubscribeLink(secret, url.searchParams);
  expect(link).toEqual({ userId: chose, category: "approval_waiting" });
  const forged = new URLSearchParams(url.searchParams);
  forged.set("u", didNot);
  expect(readUnsubscribeLink(secret, forged)).toBeNull();

  await unsubscribe(mail.testDb.db, chose, "approval_waiting");
  await notify(mail.testDb.db, [chose], event(2));
  expect(
    await mail.testDb.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `staff:${chose}:withdrawal:test:2`)),
  ).toHaveLength(0);
});
