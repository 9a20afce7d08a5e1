import { cookies } from "next/headers";
import { NextResponse, type NextRequest } from "next/server";

const SESSION_COOKIE_NAMES = ["next-auth.session-token", "__Secure-next-auth.session-token"];

/**
 * Ends a session whose token is still valid but whose account was disabled: pages cannot clear
 * cookies, so they redirect here. The token alone grants nothing (every request re-reads the
 * account), so this tidies the browser and tells the person why they were signed out.
 */
export async function GET(request: NextRequest) {
  const jar = await cookies();
  for (const cookie of jar.getAll()) {
    if (SESSION_COOKIE_NAMES.some((name) => cookie.name === name || cookie.name.startsWith(`${name}.`))) {
      jar.delete(cookie.name);
    }
  }
  const reason = request.nextUrl.searchParams.get("reason") === "disabled" ? "disabled" : "expired";
  // A relative Location keeps the person on whatever host they used to reach us.
  return new NextResponse(null, { status: 303, headers: { Location: `/login?reason=${reason}` } });
}
