import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionState } from "@/lib/auth/current-user";
import { pendingChanges } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";

/**
 * Issue 23, finding 1: the password an admin set for a new user was theirs for good, so the
 * creating admin kept working credentials. admin1 created fin3 with a password, admin2 approved
 * the finance grant as an ordinary new hire, and admin1 signed in as fin3. Now the person chooses
 * their own password through a one-time link, and nothing the admin typed or was shown signs in.
 */
const state = vi.hoisted(() => ({
  db: undefined as unknown,
  session: { status: "signed-out" } as SessionState,
}));
vi.mock("@/lib/auth/current-user", () => ({ readSession: async () => state.session }));
vi.mock("@/lib/db/client", () => ({ getDb: async () => state.db, getDbHandle: async () => ({}) }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
process.env.NEXTAUTH_SECRET = "creator-holds-no-password-test-secret";

let testDb: TestDb;
const admins: Record<"admin1" | "admin2", { id: string; email: string }> = {
  admin1: { id: "", email: "admin1@finding1.test" },
  admin2: { id: "", email: "admin2@finding1.test" },
};
beforeAll(async () => {
  testDb = await createTestDb();
  state.db = testDb.db;
  for (const admin of Object.values(admins)) {
    admin.id = (
      await insertUser(testDb.db, { email: admin.email, password: "an-admins-own-password", role: "admin" })
    ).id;
  }
}, 60_000);
afterAll(() => testDb?.close());

function actAs(name: keyof typeof admins) {
  const admin = admins[name];
  state.session = {
    status: "active",
    user: { id: admin.id, email: admin.email, name, role: "admin", timeZone: null, numberLocale: null },
    sessionId: "00000000-0000-4000-8000-0000000000f1",
  };
}

async function signIn(email: string, password: string) {
  const { checkCredentials } = await import("@/lib/auth/sign-in");
  const { createLoginLimiter } = await import("@/lib/auth/login-rate-limit");
  const { createCodeLimiter } = await import("@/lib/auth/code-limiter");
  const { memoryCounters } = await import("@/lib/auth/login-rate-limit");
  return checkCredentials(
    testDb.db,
    {
      passwords: await createLoginLimiter(),
      codes: await createCodeLimiter(memoryCounters),
      secretKey: Buffer.alloc(32, 1),
    },
    { email, password },
    { address: "192.0.2.66", userAgent: "admin1's browser" },
  );
}

const FIN3 = "fin3@finding1.test";
/** What admin1 would type into a password field, were the form to offer one. */
const ADMIN1_CHOSE = "admin1-knows-this-one";

describe("issue 23 finding 1: the admin who creates a user never holds their password", () => {
  it("admin1 creates fin3, admin2 approves the finance grant, and admin1 cannot sign in as fin3", async () => {
    const { createUserAction } = await import("./actions");
    const { approveChangeAction } = await import("@/lib/change-review/actions");

    actAs("admin1");
    const created = await createUserAction({
      email: FIN3,
      name: "Fin Three",
      role: "finance",
      password: ADMIN1_CHOSE,
    } as never);
    expect(created.ok, JSON.stringify(created)).toBe(true);

    const [grant] = await testDb.db.select().from(pendingChanges).where(eq(pendingChanges.state, "pending"));
    actAs("admin2");
    expect((await approveChangeAction({ id: grant?.id ?? "" })).ok).toBe(true);

    // What admin1 typed is no password of fin3's, and nothing admin1 was shown is one either.
    expect(await signIn(FIN3, ADMIN1_CHOSE)).toMatchObject({
      ok: false,
      message: "Wrong email or password.",
    });
    const shown = JSON.stringify(created);
    for (const candidate of shown.match(/[A-Za-z0-9_-]{12,}/g) ?? []) {
      expect((await signIn(FIN3, candidate)).ok, `signing in as fin3 with "${candidate}"`).toBe(false);
    }

    // fin3 opens the link and chooses a password; it signs in, and admin1's guess still does not.
    const link = created.ok ? (created.data.link?.url ?? "") : "";
    const token = link.split("/join/")[1] ?? "";
    const { choosePasswordAction } = await import("./join-actions");
    state.session = { status: "signed-out" };
    const chosen = await choosePasswordAction({
      token,
      password: "pelican mortar quietly 1987 umbrella",
      confirmPassword: "pelican mortar quietly 1987 umbrella",
    });
    expect(chosen.ok, JSON.stringify(chosen)).toBe(true);
    expect((await signIn(FIN3, "pelican mortar quietly 1987 umbrella")).ok).toBe(true);
    expect((await signIn(FIN3, ADMIN1_CHOSE)).ok).toBe(false);
  });
});
