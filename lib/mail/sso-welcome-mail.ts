import "server-only";
import type { DbOrTx } from "@/lib/db/types";
import { publicBaseUrl } from "@/lib/http/public-url";
import { appMailConfig } from "./app-mail";
import { enqueueMail } from "./enqueue";
import { renderMail } from "./render";

/**
 * The invitation where single sign-on is required: no password to choose and no link that could
 * set one, only where to sign in and with what.
 */
export async function queueSsoWelcomeMail(
  db: DbOrTx,
  mail: { to: { address: string; name: string }; providerName: string },
  now = new Date(),
): Promise<void> {
  if (!appMailConfig()) return;
  const base = publicBaseUrl();
  const rendered = renderMail(
    {
      heading: "Welcome to Paydesk",
      paragraphs: [
        `${mail.to.name}, an admin created a Paydesk account for you (${mail.to.address}).`,
        `Sign in with ${mail.providerName}, with your company account: there is no Paydesk password to choose.`,
      ],
      action: { label: `Sign in with ${mail.providerName}`, url: `${base}/login` },
      footer: ["If you did not expect this email, tell your Paydesk admin."],
    },
    [`${base}/`],
  );
  await enqueueMail(
    db,
    {
      kind: "sso_welcome",
      to: mail.to,
      subject: `Your Paydesk account: sign in with ${mail.providerName}`,
      ...rendered,
    },
    now,
  );
}
