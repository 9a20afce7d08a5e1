// Plain JavaScript so that next.config.mjs can import it; the headers every response carries.
// The CSP (a nonce per request) and HSTS (it depends on the public URL at run time) are set in
// proxy.ts instead.

/** @type {{ key: string; value: string }[]} */
export const STATIC_SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  // For browsers that predate CSP's frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
  // Invoice and withdrawal ids in our URLs stay on this origin.
  { key: "Referrer-Policy", value: "same-origin" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];
