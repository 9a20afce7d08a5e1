import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accountLinks, outbox, type User } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";

// Single sign-on required (PAYDESK_SSO_REQUIRED=1 with a provider named "Okta").
vi.mock("@/lib/auth/sso/config", () => ({ ssoForPages: () => ({ name: "Okta", required: true }) }));
process.env.SMTP_URL = "smtp://127.0.0.1:9";
process.env.MAIL_FROM = "paydesk@sso-invite.test";
const { addUser, renewInvitation } = await import("./user-changes");

let testDb: TestDb;
let admin: User;
beforeAll(async () => {
  testDb = await createTestDb();
  admin = await insertUser(testDb.db, {
    email: "admin@sso-invite.test",
    password: "an-admins-password",
    role: "admin",
  });
});
afterAll(() => testDb.close());
const asAdmin = () => ({ kind: "user" as const, userId: admin.id, email: admin.email });

describe("an invitation where single sign-on is required", () => {
  it("makes no link that could set a password, and emails where to sign in instead", async () => {
    const { user, link } = await addUser(testDb.db, asAdmin(), {
      email: "sol@sso-invite.test",
      name: "Sol",
      role: "support",
    });
    expect(link).toBeNull();
    expect(await testDb.db.select().from(accountLinks).where(eq(accountLinks.userId, user.id))).toEqual([]);
    const [mail] = await testDb.db.select().from(outbox).where(eq(outbox.toAddress, "sol@sso-invite.test"));
    expect(mail).toMatchObject({ kind: "sso_welcome", subject: "Your Paydesk account: sign in with Okta" });
    expect(mail?.textBody).toContain("there is no Paydesk password to choose");
    expect(mail?.textBody).not.toContain("/join/");
  });

  it("refuses to renew an invitation link, saying why", async () => {
    const { user } = await addUser(testDb.db, asAdmin(), {
      email: "ray@sso-invite.test",
      name: "Ray",
      role: "viewer",
    });
    await expect(renewInvitation(testDb.db, asAdmin(), user.id)).rejects.toThrow(
      "Single sign-on is required: ray@sso-invite.test signs in with Okta, with no link.",
    );
  });
});
