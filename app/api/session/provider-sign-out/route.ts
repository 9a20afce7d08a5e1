import { NextResponse, type NextRequest } from "next/server";
import { httpOrigin } from "@/lib/browser-origin";
import { endSessionUrl } from "@/lib/auth/sso/end-session";

/**
 * Where the browser goes once signed out of Paydesk to end the company provider's session too
 * (lib/auth/sso/end-session.ts): `{ url }`, null when the session did not come from single
 * sign-on. Asked just before signing out, as it reads the caller's own session token; it changes
 * nothing, and another site's request gets nothing.
 */
export async function POST(request: NextRequest) {
  if (request.headers.get("sec-fetch-site") === "cross-site") return NextResponse.json({ url: null });
  const url = await endSessionUrl(httpOrigin(request.headers.get("origin")));
  return NextResponse.json({ url }, { headers: { "Cache-Control": "no-store" } });
}
