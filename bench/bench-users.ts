/**
 * The bench's own users and keys, for the servers it starts on a database it prepared (a
 * PostgreSQL database, or a PGlite directory it seeded first). Those run outside demo mode: demo
 * mode runs only on a fresh embedded database of its own, never on PostgreSQL. So the bench
 * creates its users itself before the server starts: support, an admin (who reads the webhooks
 * page) and finance (whose home has the balances), the last two with two-factor on, as every admin
 * and finance user outside demo mode must have, under an authenticator secret the bench knows. The
 * embedded sandbox gets keys of the bench's (the published ones are
 * demo mode's).
 */
import { Secret, TOTP } from "otpauth";
import { hashPassword } from "@/lib/auth/password";
import { sealSecret, secretKey } from "@/lib/auth/two-factor/secret-box";
import { userTwoFactor, users } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";

/** NEXTAUTH_SECRET of every server the bench starts (it also seals the admin's authenticator secret). */
export const BENCH_AUTH_SECRET = "bench-secret-not-for-production-0123456789";
export const BENCH_PASSWORD = "bench-password-not-for-production";
export const BENCH_USERS = {
  support: "bench-support@example.com",
  admin: "bench-admin@example.com",
  finance: "bench-finance@example.com",
} as const;
export const BENCH_SANDBOX_KEYS = { invoiceKey: "bench-invoice-key", withdrawalKey: "bench-withdrawal-key" };

const ADMIN_AUTHENTICATOR = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

export async function seedBenchUsers(db: Db): Promise<void> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const created = await db
    .insert(users)
    .values([
      { email: BENCH_USERS.support, name: "Bench Support", role: "support", passwordHash },
      { email: BENCH_USERS.admin, name: "Bench Admin", role: "admin", passwordHash },
      { email: BENCH_USERS.finance, name: "Bench Finance", role: "finance", passwordHash },
    ])
    .returning();
  const withTwoFactor = created.filter((user) => user.role !== "support");
  if (withTwoFactor.length !== 2) throw new Error("seedBenchUsers: the admin or finance was not created");
  await db.insert(userTwoFactor).values(
    withTwoFactor.map((user) => ({
      userId: user.id,
      secretEncrypted: sealSecret(secretKey(BENCH_AUTH_SECRET), ADMIN_AUTHENTICATOR),
      confirmedAt: new Date(),
    })),
  );
}

/**
 * The admin's (and finance's) current code. A code is taken once per person (its 30-second step is
 * remembered), so sign each in once per server and keep the cookie.
 */
export function benchAdminCode(): string {
  return TOTP.generate({ secret: Secret.fromBase32(ADMIN_AUTHENTICATOR) });
}
