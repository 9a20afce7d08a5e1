/**
 * Where to go after sign-in: only a path on this site, never another origin (an open redirect
 * would let a crafted link send a freshly signed-in person anywhere).
 */
export function safeCallbackPath(callbackUrl: string | undefined): string {
  if (!callbackUrl) return "/";
  let path = callbackUrl;
  try {
    const url = new URL(callbackUrl, "http://paydesk.invalid");
    path =
      url.origin === "http://paydesk.invalid" || /^https?:/.test(callbackUrl)
        ? url.pathname + url.search
        : "/";
  } catch {
    return "/";
  }
  if (
    !path.startsWith("/") ||
    path.startsWith("//") ||
    path.startsWith("/login") ||
    path.startsWith("/api/")
  ) {
    return "/";
  }
  return path;
}
