import "server-only";
import type { AccountLinkKind } from "@/lib/db/schema";
import type { NewAccountLink } from "./account-links";
import { publicBaseUrl } from "@/lib/http/public-url";

export { publicBaseUrl };

import { JOIN_PATH } from "./join-path";

export { JOIN_PATH };

/** A link as the admin who passes it on sees it, once: its address and when it stops working. */
export interface HandedOverLink {
  kind: AccountLinkKind;
  url: string;
  /** ISO 8601. */
  expiresAt: string;
  /** Whose it is. */
  email: string;
  /** It was emailed to them too. */
  emailed: boolean;
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
    emailed: link.emailed,
  };
}
