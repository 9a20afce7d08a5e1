import { NextResponse, type NextRequest } from "next/server";
import { API_CSP, cspKindOf, HSTS, isPublicUrlHttps, newNonce, pageCsp } from "@/lib/http/security-headers";

/**
 * Sets the Content-Security-Policy (a fresh nonce per page request) and HSTS. The CSP also goes on
 * the request: Next reads the nonce from it and puts it on its own scripts.
 */
export function proxy(request: NextRequest) {
  const https = isPublicUrlHttps(process.env);
  const kind = cspKindOf(request.nextUrl.pathname);
  const csp =
    kind === "page"
      ? pageCsp({ nonce: newNonce(), dev: process.env.NODE_ENV === "development", https })
      : kind === "api"
        ? API_CSP
        : undefined;
  const requestHeaders = new Headers(request.headers);
  if (csp) requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  if (csp) response.headers.set("Content-Security-Policy", csp);
  if (https) response.headers.set("Strict-Transport-Security", HSTS);
  return response;
}

export const config = {
  // Static files carry no script to guard; next.config's headers() still gives them nosniff. Nor
  // does the payment service's webhook receiver, which no browser calls: skipping the proxy there
  // spares each webhook a copy of its body and request, most of what a webhook costs the server
  // beyond the framework itself (bench/README.md, webhook ingestion).
  // Server action calls from the page's script (next-action header) answer with RSC, not a page:
  // no script there needs a nonce, and the proxy would copy each request for nothing. A form posted
  // without JavaScript carries no such header and still gets its page's headers.
  matcher: [
    {
      source: "/((?!_next/static|_next/image|favicon.ico|api/webhooks/payments$).*)",
      missing: [{ type: "header", key: "next-action" }],
    },
  ],
};
