import "server-only";
import { describeUserAgent } from "@/lib/auth/user-agent";
import { formatDateTime } from "@/lib/display/time";
import { publicBaseUrl } from "@/lib/http/public-url";
import type { DbOrTx } from "@/lib/db/types";
import { appMailConfig } from "@/lib/mail/app-mail";
import { enqueueMail } from "@/lib/mail/enqueue";
import { renderMail } from "@/lib/mail/render";

export const ACCOUNT_SECURITY_MAIL_KIND = "account_security";

/** Where a person sees and ends their sessions (app/(account)/account/sessions). */
export const SESSIONS_PATH = "/account/sessions";

/** What changed about the way the account proves who signs in. */
export type SecurityChange =
  | { kind: "passkey_added"; passkeyName: string }
  | { kind: "passkey_removed"; passkeyName: string }
  | { kind: "app_added" }
  | { kind: "app_removed" }
  | { kind: "recovery_codes_made" };

const SUBJECTS: Record<SecurityChange["kind"], string> = {
  passkey_added: "A passkey was added to your Paydesk account",
  passkey_removed: "A passkey was removed from your Paydesk account",
  app_added: "An authenticator app was set up for your Paydesk account",
  app_removed: "The authenticator app was turned off for your Paydesk account",
  recovery_codes_made: "New recovery codes were made for your Paydesk account",
};

function whatHappened(change: SecurityChange): string {
  switch (change.kind) {
    case "passkey_added":
      return `A passkey named “${change.passkeyName}” was added to your Paydesk account`;
    case "passkey_removed":
      return `The passkey named “${change.passkeyName}” was removed from your Paydesk account`;
    case "app_added":
      return "An authenticator app was set up for two-factor sign-in to your Paydesk account";
    case "app_removed":
      return "The authenticator app was turned off for your Paydesk account";
    case "recovery_codes_made":
      return "New recovery codes were made for your Paydesk account: the earlier ones no longer work";
  }
}

/**
 * Tells the person that a second factor or their recovery codes changed (issue 35), in the
 * transaction that changes them. Always sent when mail is set up: it is no notification one
 * chooses (lib/mail/staff/categories.ts), has no unsubscribe link, and no preference holds it back,
 * because it is how the owner learns that someone else holds their session. It says when, from
 * which browser, and links to their sessions to end the ones they do not recognise.
 */
export async function queueSecurityMail(
  db: DbOrTx,
  person: { id: string; email: string; name: string; timeZone: string | null },
  change: SecurityChange,
  at: Date,
  /** Where the change was made from (the acting session's browser and address). */
  from: { userAgent?: string | null; clientAddress?: string | null },
): Promise<void> {
  if (!appMailConfig()) return;
  const base = publicBaseUrl();
  const browser = knownBrowser(from.userAgent);
  const when = formatDateTime(at, person.timeZone ?? "UTC");
  const details: [string, string][] = [["When", when]];
  if (browser) details.push(["Browser", browser]);
  if (from.clientAddress) details.push(["Address", from.clientAddress]);
  const rendered = renderMail(
    {
      heading: SUBJECTS[change.kind],
      paragraphs: [
        `${person.name}, ${lowerFirst(whatHappened(change))} (${person.email}) on ${when}${browser ? `, from ${browser}` : ""}.`,
        "If this was you, there is nothing to do.",
        "If it was not you, someone may be using one of your sessions: open your sessions and end any you do not recognise, change your password, and tell your Paydesk admin.",
      ],
      details,
      action: { label: "Review your sessions", url: `${base}${SESSIONS_PATH}` },
      footer: [
        "Paydesk always sends this email when the second factors or recovery codes of your account change; it cannot be turned off.",
      ],
    },
    [`${base}/`],
  );
  await enqueueMail(
    db,
    {
      kind: ACCOUNT_SECURITY_MAIL_KIND,
      to: { address: person.email, name: person.name },
      subject: SUBJECTS[change.kind],
      ...rendered,
      userId: person.id,
    },
    at,
  );
}

function knownBrowser(userAgent: string | null | undefined): string | null {
  const described = userAgent ? describeUserAgent(userAgent) : null;
  return described === "Unknown browser" ? null : described;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
