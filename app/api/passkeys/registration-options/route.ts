import { NextResponse } from "next/server";
import { requestActor } from "@/lib/audit/request-actor";
import { readSession } from "@/lib/auth/current-user";
import { registrationOptions } from "@/lib/auth/passkeys/registration";
import { currentRelyingParty } from "@/lib/auth/passkeys/current-relying-party";
import { relyingPartyProblem } from "@/lib/auth/passkeys/relying-party";
import { registrationOptionsSchema } from "@/lib/auth/passkeys/schemas";
import { can } from "@/lib/auth/permissions";
import { isRuleError } from "@/lib/auth/rule-error";
import { STEP_UP_FIELD } from "@/lib/auth/step-up";
import { requireFreshIdentity } from "@/lib/auth/fresh-identity";
import { getDb } from "@/lib/db/client";
import { readJsonBody } from "@/lib/http/json-body";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The prompt to create a passkey for one's own account (also for admin and finance who must still
 * enroll: a passkey is enrollment). Only for the person: their password within the last 5 minutes
 * and, when they have a second factor, that factor too, with a code or a passkey in the body
 * (fresh-identity.ts); otherwise a copied session cookie could add its own passkey. Answers 409
 * with the refusal's message and fields (`password`: confirm the password; `code`: a second factor).
 */
export async function POST(request: Request) {
  const session = await readSession();
  if (session.status !== "active" && session.status !== "must-enroll")
    return NextResponse.json({ message: "Sign in again." }, { status: 401 });
  if (!can(session.user.role, "account:manage"))
    return NextResponse.json({ message: "Forbidden." }, { status: 403 });
  const rp = await currentRelyingParty();
  const problem = relyingPartyProblem(rp);
  if (problem || !rp) return NextResponse.json({ message: problem }, { status: 400 });
  const body = await readJsonBody(request, registrationOptionsSchema, 32 * 1024);
  if (!body.ok) return NextResponse.json({ message: body.message }, { status: body.status });
  const db = await getDb();
  const who = {
    userId: session.user.id,
    sessionId: session.sessionId,
    actor: await requestActor(session.user),
  };
  try {
    await db.transaction((tx) => requireFreshIdentity(tx, who, body.value, { relyingParty: rp }));
  } catch (error) {
    if (!isRuleError(error)) throw error;
    const fieldErrors = error.fieldErrors ?? {};
    return NextResponse.json(
      { message: error.message, fieldErrors, stepUp: STEP_UP_FIELD in fieldErrors },
      { status: 409 },
    );
  }
  const options = await registrationOptions(db, rp, { user: session.user, sessionId: session.sessionId });
  return NextResponse.json(options, { headers: NO_STORE });
}
