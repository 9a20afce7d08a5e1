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

/** Checks credentials for next-auth's authorize(): rate limit first, then password, then status. */
export async function checkCredentials(
  db: Db,
  limiter: LoginLimiter,
  credentials: unknown,
  ip: string,
): Promise<SignInResult> {
  const parsed = signInSchema.safeParse(credentials);
  if (!parsed.success) return { ok: false, message: WRONG_CREDENTIALS };
  const { email, password } = parsed.data;

  const wait = await limiter.retryAfterSeconds(email, ip);
  if (wait > 0) {
    return { ok: false, message: `Too many failed sign-in attempts. Try again in ${describeWait(wait)}.` };
  }

  const user = await findUserByEmail(db, email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, password)
    : await burnPasswordCheck(password);
  if (!user || !passwordOk) {
    await limiter.recordFailure(email, ip);
    return { ok: false, message: WRONG_CREDENTIALS };
  }
  if (user.disabledAt) {
    return { ok: false, message: "This account is disabled. Ask an admin to enable it." };
  }
  await limiter.recordSuccess(email);
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
