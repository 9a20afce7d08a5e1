import { NextResponse } from "next/server";
import { passkeyLimiter } from "@/lib/auth/app-login-limiter";
import { describeWait } from "@/lib/auth/login-rate-limit";
import { signInOptions } from "@/lib/auth/passkey-sign-in-options";
import { currentRelyingParty } from "@/lib/auth/passkeys/current-relying-party";
import { relyingPartyProblem } from "@/lib/auth/passkeys/relying-party";
import { signInOptionsSchema } from "@/lib/auth/passkeys/schemas";
import { requestOrigin } from "@/lib/audit/request-origin";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { readJsonBody } from "@/lib/http/json-body";

/**
 * The prompt to sign in with a passkey, for anyone on the sign-in page: any passkey of this site,
 * or with an email, that account's (lib/auth/passkey-sign-in-options.ts). Limited per address.
 */
export async function POST(request: Request) {
  const rp = await currentRelyingParty();
  const problem = relyingPartyProblem(rp);
  if (problem || !rp) return NextResponse.json({ message: problem }, { status: 400 });
  const body = await readJsonBody(request, signInOptionsSchema, 2048);
  if (!body.ok) return NextResponse.json({ message: body.message }, { status: body.status });
  const secret = serverEnv().NEXTAUTH_SECRET;
  if (!secret) return NextResponse.json({ message: "Signing in is not configured." }, { status: 503 });
  const attempt = await (await passkeyLimiter()).attempt(requestOrigin(request.headers).clientAddress);
  if (!attempt.allowed) {
    return NextResponse.json(
      { message: `Too many passkey prompts. Try again in ${describeWait(attempt.retryAfterSeconds)}.` },
      { status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } },
    );
  }
  const options = await signInOptions(await getDb(), rp, body.value.email, secret);
  return NextResponse.json(options, { headers: { "Cache-Control": "no-store" } });
}
