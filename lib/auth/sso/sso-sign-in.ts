import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { recordAudit, type AuditEntry } from "@/lib/audit/record";
import { users, type User } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { countSignInOutcome } from "@/lib/metrics/sign-in-outcomes";
import { FRESH_IDENTITY_MINUTES } from "../fresh-identity-words";
import { startSession } from "../sessions";
import { actorOf, type SignInClient } from "../sign-in";
import { findUserByEmail } from "../user-lookup";
import type { SsoRefusal } from "./refusals";

/** The ID token's claims Paydesk reads (next-auth has checked its signature, issuer, audience, expiry and nonce). */
const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().trim().max(320).optional(),
  // Some providers send it as a string.
  email_verified: z
    .union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")])
    .optional(),
  name: z.string().max(200).optional(),
  /** When the provider last authenticated the person (seconds since the epoch). */
  auth_time: z.number().int().nonnegative().optional(),
});

export type SsoSignInResult =
  | { ok: true; user: { id: string; email: string; name: string; sessionId: string } }
  | { ok: false; refusal: SsoRefusal };

/**
 * Signs in a person the company's provider vouched for, as the Paydesk user an admin made for
 * them: matched by the provider's `sub` once bound; the first time, by a verified email, and then
 * bound to that `sub`, so a changed email at the provider does not move the account and a new
 * person given an old address does not inherit it. Nobody is created here. Every outcome is audited.
 */
export async function signInWithSso(
  db: Db,
  provider: { issuer: string; name: string; countsAsSecondFactor: boolean },
  idTokenClaims: unknown,
  client: SignInClient,
  options: { now?: Date; sessionMaxAgeSeconds: number },
): Promise<SsoSignInResult> {
  const refuse = async (refusal: SsoRefusal, note: string, who: { email?: string; user?: User }) => {
    await audit(db, client, who, { action: "auth.sign_in_failed", note: `Single sign-on: ${note}` });
    return { ok: false as const, refusal };
  };
  const parsed = claimsSchema.safeParse(idTokenClaims);
  if (!parsed.success) return refuse("sso_failed", "the ID token's claims were malformed.", {});
  const claims = parsed.data;
  const email = claims.email?.toLowerCase();

  const [bound] = await db
    .select()
    .from(users)
    .where(and(eq(users.ssoIssuer, provider.issuer), eq(users.ssoSubject, claims.sub)))
    .limit(1);
  let user = bound;
  if (!user) {
    if (!email) return refuse("sso_no_email", `no email for subject ${claims.sub}.`, {});
    if (claims.email_verified !== true) {
      return refuse("sso_email_unverified", `${email} is not verified at the provider.`, { email });
    }
    const byEmail = await findUserByEmail(db, email);
    if (!byEmail) return refuse("sso_unknown_user", `no Paydesk account for ${email}.`, { email });
    if (byEmail.ssoSubject && byEmail.ssoIssuer === provider.issuer) {
      return refuse(
        "sso_other_subject",
        `${email} is linked to another subject at the provider, not ${claims.sub}.`,
        { email, user: byEmail },
      );
    }
    user = byEmail;
  }
  if (user.disabledAt) return refuse("sso_disabled", "the account is disabled.", { user });

  const now = options.now ?? new Date();
  const signedIn = user;
  const session = await db.transaction(async (tx) => {
    if (!bound) {
      await tx
        .update(users)
        .set({ ssoIssuer: provider.issuer, ssoSubject: claims.sub, updatedAt: now })
        .where(eq(users.id, signedIn.id));
      await recordAudit(tx, actorOf(client, { user: signedIn }), {
        action: "user.sso_linked",
        object: { type: "user", id: signedIn.id },
        after: { issuer: provider.issuer, subject: claims.sub },
        note: `Linked to ${provider.name} at the first single sign-on, by the verified email ${email}.`,
      });
    }
    const started = await startSession(tx, {
      userId: signedIn.id,
      clientAddress: client.address,
      userAgent: client.userAgent,
      signedInWith: "sso",
      secondFactor: null,
      now,
      maxAgeSeconds: options.sessionMaxAgeSeconds,
      ssoIsSecondFactor: provider.countsAsSecondFactor,
      // A sign-in proves who the person is (to change second factors) only when the provider
      // authenticated them just now, not when it reused a session of its own from hours ago.
      identityConfirmed: authenticatedRecently(claims.auth_time, now),
    });
    await recordAudit(tx, actorOf(client, { user: signedIn }), {
      action: "auth.signed_in",
      object: { type: "user", id: signedIn.id },
      after: { session: started.id },
      note: `With single sign-on (${provider.name}).`,
    });
    return started;
  });
  return {
    ok: true,
    user: { id: signedIn.id, email: signedIn.email, name: signedIn.name, sessionId: session.id },
  };
}

function authenticatedRecently(authTime: number | undefined, now: Date): boolean {
  if (authTime === undefined) return false;
  return now.getTime() - authTime * 1000 <= FRESH_IDENTITY_MINUTES * 60_000;
}

async function audit(db: Db, client: SignInClient, who: { email?: string; user?: User }, entry: AuditEntry) {
  countSignInOutcome(entry.action, "sso");
  await recordAudit(db, actorOf(client, who), entry);
}
