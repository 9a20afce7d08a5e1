/**
 * next-auth's session cookie: `__Secure-` prefixed when Paydesk is served over https. A large
 * token is split into `<name>.0`, `<name>.1`, …
 */
export const SESSION_COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

export function isSessionCookie(cookieName: string): boolean {
  return SESSION_COOKIE_NAMES.some((name) => cookieName === name || cookieName.startsWith(`${name}.`));
}

/** The token a cookie jar holds under `name`, joining chunks in order; undefined when absent. */
export function sessionCookieValue(
  all: ReadonlyArray<{ name: string; value: string }>,
  name: string,
): string | undefined {
  const whole = all.find((cookie) => cookie.name === name);
  if (whole) return whole.value;
  const chunks = all
    .filter((cookie) => cookie.name.startsWith(`${name}.`))
    .map((cookie) => ({ index: Number(cookie.name.slice(name.length + 1)), value: cookie.value }))
    .filter((chunk) => Number.isInteger(chunk.index))
    .sort((a, b) => a.index - b.index);
  return chunks.length > 0 ? chunks.map((chunk) => chunk.value).join("") : undefined;
}
