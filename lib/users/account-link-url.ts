import "server-only";
import type { AccountLinkKind } from "@/lib/db/schema";
import type { NewAccountLink } from "./account-links";

type Env = Record<string, string | undefined>;

export const JOIN_PATH = "/join";

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

/** A link as the admin who passes it on sees it, once: its address and when it stops working. */
export interface HandedOverLink {
  kind: AccountLinkKind;
  url: string;
  /** ISO 8601. */
  expiresAt: string;
  /** Whose it is. */
  email: string;
}

/**
 * Hands a new link over. Today that is to the admin who made (or approved) it, shown once for
 * them to pass on privately. When Paydesk can send mail (a later issue), this is the one place
 * that also sends it to the person's email.
 */
export function handOverLink(
  link: NewAccountLink,
  person: { email: string },
  baseUrl: string,
): HandedOverLink {
  return {
    kind: link.kind,
    url: `${baseUrl}${JOIN_PATH}/${link.token}`,
    expiresAt: link.expiresAt.toISOString(),
    email: person.email,
  };
}
