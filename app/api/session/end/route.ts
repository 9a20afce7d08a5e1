import { cookies } from "next/headers";
import { NextResponse, type NextRequest } from "next/server";
import { isSessionCookie } from "@/lib/auth/session-cookies";

/**
 * Ends a session whose token is still valid but whose account was disabled: pages cannot clear
 * cookies, so they redirect here. The token alone grants nothing (every request re-reads the
 * account), so this tidies the browser and tells the person why they were signed out.
 */
export async function GET(request: NextRequest) {
  const jar = await cookies();
  for (const cookie of jar.getAll()) {
    if (!isSessionCookie(cookie.name)) continue;
    // A browser ignores a Set-Cookie for a __Secure- cookie without the Secure attribute, so the
    // deletion repeats the attributes next-auth set it with.
    jar.set(cookie.name, "", {
      path: "/",
      maxAge: 0,
      httpOnly: true,
      sameSite: "lax",
      secure: cookie.name.startsWith("__Secure-"),
    });
  }
  const reason = request.nextUrl.searchParams.get("reason") === "disabled" ? "disabled" : "expired";
  // A relative Location keeps the person on whatever host they used to reach us.
  return new NextResponse(null, { status: 303, headers: { Location: `/login?reason=${reason}` } });
}
