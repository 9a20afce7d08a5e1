import "server-only";
import { formatDistanceStrict } from "date-fns";
import { formatDateTime } from "@/lib/display/time";
import { publicBaseUrl } from "@/lib/http/public-url";
import type { DbOrTx } from "@/lib/db/types";
import { appMailConfig } from "./app-mail";
import { enqueueMail } from "./enqueue";
import { renderMail } from "./render";

/** Mail that carries a credential: its bodies are cleared as soon as the server has taken it. */
export const ACCOUNT_LINK_MAIL_KIND = "account_link";

/**
 * An invitation or password-reset link, emailed to its person when mail is set up, in the
 * transaction that issues it (the admin still sees it once, to pass on if the email does not
 * arrive). The link works once and expires; the outbox keeps its text only until it is sent.
 * Answers whether it was queued (false: mail is not set up).
 */
export async function queueAccountLinkMail(
  db: DbOrTx,
  mail: {
    to: { address: string; name: string };
    kind: "invitation" | "password_reset";
    /** The link's path under Paydesk's public URL: /join/<token>. */
    path: string;
    expiresAt: Date;
  },
  now = new Date(),
): Promise<boolean> {
  if (!appMailConfig()) return false;
  const base = publicBaseUrl();
  const url = `${base}${mail.path}`;
  const until = `${formatDateTime(mail.expiresAt, "UTC")} (${formatDistanceStrict(mail.expiresAt, now)} from when it was sent)`;
  const invitation = mail.kind === "invitation";
  const rendered = renderMail(
    {
      heading: invitation ? "Welcome to Paydesk" : "Choose a new password for Paydesk",
      paragraphs: invitation
        ? [
            `${mail.to.name}, an admin created a Paydesk account for you (${mail.to.address}).`,
            "Open the link to choose the password you will sign in with. Only you will know it.",
          ]
        : [
            "An admin reset your Paydesk password: the old one no longer works.",
            "Open the link to choose a new one. Only you will know it.",
          ],
      details: [["Works once, until", until]],
      action: { label: "Choose your password", url },
      footer: [
        "If you did not expect this email, tell your Paydesk admin: someone may have asked for it in your name.",
      ],
    },
    [`${base}/`],
  );
  await enqueueMail(
    db,
    {
      kind: ACCOUNT_LINK_MAIL_KIND,
      to: mail.to,
      subject: invitation ? "Your Paydesk account: choose your password" : "Your Paydesk password was reset",
      ...rendered,
    },
    now,
  );
  return true;
}
