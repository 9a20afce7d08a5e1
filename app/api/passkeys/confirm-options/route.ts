import { NextResponse } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { assertionOptions } from "@/lib/auth/passkeys/assertion";
import { currentRelyingParty } from "@/lib/auth/passkeys/current-relying-party";
import { relyingPartyProblem } from "@/lib/auth/passkeys/relying-party";
import { passkeysOf } from "@/lib/auth/passkeys/store";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";

/**
 * The prompt to confirm one's second factor with a passkey (before an approval, removing a
 * passkey…): limited to one's own passkeys, and good for this session only.
 */
export async function POST() {
  const session = await readSession();
  if (session.status !== "active") return NextResponse.json({ message: "Sign in again." }, { status: 401 });
  if (!can(session.user.role, "account:manage"))
    return NextResponse.json({ message: "Forbidden." }, { status: 403 });
  const rp = await currentRelyingParty();
  const problem = relyingPartyProblem(rp);
  if (problem || !rp) return NextResponse.json({ message: problem }, { status: 400 });
  const db = await getDb();
  const keys = await passkeysOf(db, session.user.id);
  if (keys.length === 0)
    return NextResponse.json(
      { message: "You have no passkey. Add one under Account → Passkeys." },
      { status: 400 },
    );
  const options = await assertionOptions(db, rp, {
    purpose: "confirm",
    userId: session.user.id,
    sessionId: session.sessionId,
    allow: keys.map((key) => ({ id: key.credentialId, transports: key.transports ?? undefined })),
  });
  return NextResponse.json(options, { headers: { "Cache-Control": "no-store" } });
}
