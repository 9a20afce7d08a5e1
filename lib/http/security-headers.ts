/**
 * The Content-Security-Policy (with a nonce per request) and HSTS (it depends on the public URL
 * at run time), set by proxy.ts. The headers that never vary are in static-headers.mjs.
 */

export interface CspOptions {
  nonce: string;
  /** `next dev` only: React rebuilds server error stacks with eval there. */
  dev: boolean;
  /** The public URL is https: ask the browser to upgrade any stray http request. */
  https: boolean;
}

/**
 * The policy of pages. Scripts run only with this request's nonce ('strict-dynamic' lets the
 * chunks Next loads from them run too). Styles allow 'unsafe-inline': React renders `style`
 * attributes into the server HTML (Recharts, the progress bars) and sonner inserts a <style>
 * element at run time; neither takes a nonce, and CSS cannot run script.
 */
export function pageCsp({ nonce, dev, https }: CspOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // data: for the invoice's QR code (a PNG data URL), blob: for downloads.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Route handlers answer JSON, CSV or redirects: nothing in them may load or frame anything. */
export const API_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A route handler's page with one form posting back to itself (one-click unsubscribe): nothing else. */
export const FORM_PAGE_CSP =
  "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** Route handlers that answer a page of their own, with its own policy. */
const OWN_PAGES = ["/api/mail/unsubscribe"];

export const HSTS = "max-age=63072000; includeSubDomains";

/** The public URL is https when NEXTAUTH_URL (or else PAYDESK_URL) says so. */
export function isPublicUrlHttps(env: Record<string, string | undefined>): boolean {
  const url = env.NEXTAUTH_URL || env.PAYDESK_URL;
  return Boolean(url && /^https:\/\//i.test(url.trim()));
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Which policy a path gets: the sandbox's pay page and the demo mailbox set their own (the
 * mailbox frames each message's HTML part under a policy of its own), route handlers the strict one.
 */
export function cspKindOf(pathname: string): "page" | "api" | "own" {
  if (/^\/sandbox\/(pay|mail)(\/|$)/.test(pathname) || OWN_PAGES.includes(pathname)) return "own";
  if (pathname.startsWith("/api/") || pathname.startsWith("/sandbox/")) return "api";
  return "page";
}
