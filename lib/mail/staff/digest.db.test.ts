import { and, eq, like } from "drizzle-orm";
import { expect, it } from "vitest";
import { mailPreferences, notifications, outbox, users } from "@/lib/db/schema";
import { notify } from "@/lib/notifications/notify";
import { appMailHarness } from "@/test-support/app-mail-harness";
import { seedUser } from "@/test-support/fake-service";
import type { StaffMailCategory } from "./categories";
import { queueDueDigests } from "./digest";
import { readMailPreferences, writeMailPreferences } from "./preferences";
import { readUnsubscribeLink, unsubscribe } from "./unsubscribe";

const mail = appMailHarness();

const ALL: StaffMailCategory[] = ["approval_waiting", "my_withdrawal", "payout_attention"];
const WITHDRAWAL = "5f0c1f43-5a43-4a5b-9a4b-0000000000b1";

/** A notification of `category` for `userId`, as if it had happened at `at`. */
async function happened(userId: string, category: StaffMailCategory, key: string, at: string) {
  await notify(mail.testDb.db, [userId], {
    kind: "test",
    object: { type: "withdrawal", id: WITHDRAWAL },
    message: `Event ${key} (${category})`,
    dedupeKey: `digest-test:${key}`,
    mailCategory: category,
  });
  await mail.testDb.db
    .update(notifications)
    .set({ createdAt: new Date(at) })
    .where(and(eq(notifications.userId, userId), eq(notifications.dedupeKey, `digest-test:${key}`)));
}

const digestsOf = (userId: string) =>
  mail.testDb.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), like(outbox.dedupeKey, "digest:%")));

it("gathers a day's notifications of the digest's categories into one email at the person's time in their zone", async () => {
  const fay = await seedUser(mail.testDb.db);
  await mail.testDb.db.update(users).set({ timeZone: "Europe/Berlin" }).where(eq(users.id, fay));
  // Chosen at 13:00 CET on the 25th: approvals in the digest, their own payouts at once.
  await writeMailPreferences(
    mail.testDb.db,
    fay,
    ALL,
    {
      modes: { approval_waiting: "digest", my_withdrawal: "immediate", payout_attention: "off" },
      digestTime: "08:00",
    },
    new Date("2026-11-25T12:00:00Z"),
  );
  expect(await readMailPreferences(mail.testDb.db, fay)).toMatchObject({
    modes: { approval_waiting: "digest", my_withdrawal: "immediate", payout_attention: "off" },
    digestTime: "08:00",
  });
  await happened(fay, "approval_waiting", "a1", "2026-11-25T11:00:00Z"); // before the choice
  await happened(fay, "approval_waiting", "a2", "2026-11-25T15:00:00Z");
  await happened(fay, "approval_waiting", "a3", "2026-11-26T06:30:00Z");
  await happened(fay, "my_withdrawal", "m1", "2026-11-25T16:00:00Z"); // sent at once, not again
  await happened(fay, "payout_attention", "p1", "2026-11-25T17:00:00Z"); // not by email at all

  // 07:59 in Berlin: not yet. 08:00: one digest, once.
  expect(await queueDueDigests(mail.testDb.db, 20, new Date("2026-11-26T06:59:00Z"))).toBe(0);
  expect(await queueDueDigests(mail.testDb.db, 20, new Date("2026-11-26T07:00:00Z"))).toBe(1);
  expect(await queueDueDigests(mail.testDb.db, 20, new Date("2026-11-26T07:05:00Z"))).toBe(0);
  expect(await digestsOf(fay)).toHaveLength(1);

  mail.smtp.caught.length = 0;
  await mail.deliver();
  const digest = mail.smtp.caught.find((mail) => mail.parsed.subject?.startsWith("Your Paydesk digest"));
  expect(digest?.parsed.subject).toBe("Your Paydesk digest: 2 notifications");
  const text = digest?.parsed.text ?? "";
  expect(text).toContain("Since 25 Nov 2026, 13:00 CET:");
  expect(text).toContain(`- Event a2 (approval_waiting) (25 Nov 2026, 16:00 CET)`);
  expect(text).toContain(`- Event a3 (approval_waiting) (26 Nov 2026, 07:30 CET)`);
  expect(text).toContain(`https://paydesk.shop.example/withdrawals/${WITHDRAWAL}`);
  expect(text).toContain("every day at 08:00 (Europe/Berlin)");
  for (const left of ["a1", "m1", "p1"]) expect(text).not.toContain(`Event ${left} `);
  expect(digest?.parsed.html).toContain("Event a2 (approval_waiting)");

  // Its one-click unsubscribe ends the digest, and only the digest.
  const head = (digest?.raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
  const url = new URL(/^List-Unsubscribe: <([^>]+)>$/m.exec(head)?.[1] ?? "");
  const link = readUnsubscribeLink(process.env.NEXTAUTH_SECRET ?? "", url.searchParams);
  expect(link).toEqual({ userId: fay, category: "digest" });
  await unsubscribe(mail.testDb.db, fay, "digest");
  expect((await readMailPreferences(mail.testDb.db, fay)).modes).toMatchObject({
    approval_waiting: "off",
    my_withdrawal: "immediate",
  });
});

it("sends nothing for a day without notifications, and only one digest when two instances look at once", async () => {
  const gus = await seedUser(mail.testDb.db);
  await mail.testDb.db.update(users).set({ timeZone: "America/New_York" }).where(eq(users.id, gus));
  await writeMailPreferences(
    mail.testDb.db,
    gus,
    ALL,
    { modes: { payout_attention: "digest" }, digestTime: "18:00" },
    new Date("2026-11-25T12:00:00Z"),
  );
  // 18:00 EST on the 25th is 23:00 UTC; nothing happened that day.
  expect(await queueDueDigests(mail.testDb.db, 20, new Date("2026-11-25T23:00:00Z"))).toBe(0);
  await happened(gus, "payout_attention", "g1", "2026-11-26T15:00:00Z");
  const both = await Promise.all([
    queueDueDigests(mail.testDb.db, 20, new Date("2026-11-26T23:00:00Z")),
    queueDueDigests(mail.testDb.db, 20, new Date("2026-11-26T23:00:01Z")),
  ]);
  expect(both[0] + both[1]).toBe(1);
  expect(await digestsOf(gus)).toHaveLength(1);
});

it("starts a newly chosen digest at the next digest time, not at once with the day before", async () => {
  const hal = await seedUser(mail.testDb.db);
  await happened(hal, "approval_waiting", "h1", "2026-11-26T06:00:00Z");
  await writeMailPreferences(
    mail.testDb.db,
    hal,
    ALL,
    { modes: { approval_waiting: "digest" }, digestTime: "08:00" },
    new Date("2026-11-26T09:00:00Z"),
  );
  expect(await queueDueDigests(mail.testDb.db, 20, new Date("2026-11-26T09:01:00Z"))).toBe(0);
  await happened(hal, "approval_waiting", "h2", "2026-11-26T10:00:00Z");
  expect(await queueDueDigests(mail.testDb.db, 20, new Date("2026-11-27T08:00:00Z"))).toBe(1);
  const [digest] = await digestsOf(hal);
  expect(digest?.textBody).toContain("Event h2");
  expect(digest?.textBody).not.toContain("Event h1");
  // Turning the digest off leaves no digest row behind.
  await writeMailPreferences(mail.testDb.db, hal, ALL, { modes: {}, digestTime: "08:00" });
  expect(
    await mail.testDb.db.select().from(mailPreferences).where(eq(mailPreferences.userId, hal)),
  ).toHaveLength(0);
});
