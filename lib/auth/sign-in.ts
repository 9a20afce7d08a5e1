import "server-only";
import type { Db } from "@/lib/db/types";
import { signInSchema } from "./credentials-schema";
import { findUserByEmail } from "./user-lookup";
import { describeWait, type LoginLimiter } from "./login-rate-limit";
import { burnPasswordCheck, verifyPassword } from "./password";
import type { Role } from "./roles";

export type SignInResult =
  | { ok: true; user: { id: string; email: string; name: string; role: Role; sessionVersion: number } }
  | { ok: false; message: string };

export const WRONG_CREDENTIALS = "Wrong email or password.";

/**
 * Checks credentials for next-auth's authorize(): the attempt is counted first (so parallel
 * guesses cannot outrun the limit), then the password, then the account's status. A disabled
 * account is named only to someone who gave its right password: a wrong one gets the same answer
 * as any other.
 */
export async function checkCredentials(
  db: Db,
  limiter: LoginLimiter,
  credentials: unknown,
  address: string,
): Promise<SignInResult> {
  const parsed = signInSchema.safeParse(credentials);
  if (!parsed.success) return { ok: false, message: WRONG_CREDENTIALS };
  const { email, password } = parsed.data;

  const attempt = await limiter.attempt(email, address);
  if (!attempt.allowed) {
    return {
      ok: false,
      message: `Too many failed sign-in attempts. Try again in ${describeWait(attempt.retryAfterSeconds)}.`,
    };
  }

  const user = await findUserByEmail(db, email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, password)
    : await burnPasswordCheck(password);
  if (!user || !passwordOk) return { ok: false, message: WRONG_CREDENTIALS };
  if (user.disabledAt) {
    return { ok: false, message: "This account is disabled. Ask an admin to enable it." };
  }
  await limiter.succeeded(email, address);
  return {
    ok: true,
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      sessionVersion: user.sessionVersion,
    },
  };
}
