import { expect, it } from "vitest";
import { appMailHarness } from "@/test-support/app-mail-harness";
import { seedUser } from "@/test-support/fake-service";
import { queueSecurityMail } from "./security-mail";

const mail = appMailHarness();
const CHROME_ON_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

it("tells the person a passkey was added: when, from which browser, and where to end sessions; no unsubscribe", async () => {
  // A person who chose no email at all (no mail preferences): this one still goes.
  const id = await seedUser(mail.testDb.db);
  await queueSecurityMail(
    mail.testDb.db,
    { id, email: "owner@shop.example", name: "Olga Owner", timeZone: "Europe/Berlin" },
    { kind: "passkey_added", passkeyName: "Work laptop" },
    new Date("2026-11-28T14:05:00Z"),
    { userAgent: CHROME_ON_LINUX, clientAddress: "203.0.113.9" },
  );
  expect(await mail.deliver()).toMatchObject({ sent: 1 });
  const [received] = mail.smtp.caught;
  expect(received?.parsed.subject).toBe("A passkey was added to your Paydesk account");
  expect(received?.parsed.to).toMatchObject({ value: [{ address: "owner@shop.example" }] });
  const text = received?.parsed.text ?? "";
  expect(text).toContain(
    "Olga Owner, a passkey named “Work laptop” was added to your Paydesk account (owner@shop.example) on 28 Nov 2026, 15:05 CET, from Chrome 131 on Linux.",
  );
  expect(text).toContain("Review your sessions: https://paydesk.shop.example/account/sessions");
  expect(text).toContain("203.0.113.9");
  expect(text).toContain("it cannot be turned off");
  const head = received?.raw.split(/\r?\n\r?\n/)[0] ?? "";
  expect(head).not.toMatch(/^List-Unsubscribe/im);
});

it("leaves out a browser it cannot name", async () => {
  const id = await seedUser(mail.testDb.db);
  await queueSecurityMail(
    mail.testDb.db,
    { id, email: "quiet@shop.example", name: "Quinn", timeZone: null },
    { kind: "recovery_codes_made" },
    new Date("2026-11-28T14:05:00Z"),
    { userAgent: null },
  );
  expect(await mail.deliver()).toMatchObject({ sent: 1 });
  const received = mail.smtp.caught.at(-1);
  expect(received?.parsed.subject).toBe("New recovery codes were made for your Paydesk account");
  expect(received?.parsed.text).toContain("on 28 Nov 2026, 14:05 UTC.");
  expect(received?.parsed.text).not.toContain("Browser");
});
