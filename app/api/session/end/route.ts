import { cookies } from "next/headers";
import { NextResponse, type NextRequest } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { isSessionCookie } from "@/lib/auth/session-cookies";

/**
 * Tidies the browser of a session that has already ended (its account disabled, its lifetime
 * over): pages cannot clear cookies, so they redirect here. It ends nothing itself (signing out is
 * next-auth's POST with its CSRF token): a live session keeps its cookie, and a request another
 * site started (a link, a form) clears nothing at all.
 */
export async function GET(request: NextRequest) {
  const fromElsewhere = request.headers.get("sec-fetch-site") === "cross-site";
  const live = (await readSession()).status === "active";
  if (fromElsewhere || live) {
    return new NextResponse(null, { status: 303, headers: { Location: live ? "/" : "/login" } });
  }
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
