import "server-only";

type Env = Record<string, string | undefined>;

const present = (value: string | undefined) => (value && value.trim() !== "" ? value.trim() : undefined);

/**
 * Where people open Paydesk, for the links they are given: NEXTAUTH_URL, else the origin of the
 * browser of the admin who made the link (as the embedded sandbox's pay_url), else this machine
 * on PORT (the command line, which says so).
 */
export function publicBaseUrl(browserOrigin?: string, env: Env = process.env): string {
  const base =
    present(env.NEXTAUTH_URL) ?? browserOrigin ?? `http://localhost:${present(env.PORT) ?? "3000"}`;
  return base.replace(/\/+$/, "");
}
