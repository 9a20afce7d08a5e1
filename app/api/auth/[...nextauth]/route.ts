import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";

// Sign-in and sign-out post a few short fields, always with a Content-Length (browsers and
// next-auth's client both send one), so anything larger or unmeasured is refused unread.
const MAX_AUTH_BODY_BYTES = 64 * 1024;

function handler(request: NextRequest, context: { params: Promise<{ nextauth: string[] }> }) {
  if (request.method === "POST") {
    const length = Number(request.headers.get("content-length") ?? Number.NaN);
    if (Number.isNaN(length)) return new Response("Send a Content-Length.", { status: 411 });
    if (length > MAX_AUTH_BODY_BYTES) return new Response("Request body too large.", { status: 413 });
  }
  return NextAuth(request, context, authOptions());
}

export { handler as GET, handler as POST };
