// `npm run user:create -- --email someone@example.com --role admin [--name "Some One"]`
// Creates a user with no password and prints their one-time invitation link, through which they
// choose their own. Opens the database itself, so with the embedded database the server must be
// stopped first (the data directory lock says so if not).
import { parseArgs } from "node:util";
import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";
import { closeDb, getDb } from "@/lib/db/client";
import { isRuleError } from "@/lib/auth/rule-error";
import { recordAudit } from "@/lib/audit/record";
import { issueAccountLink } from "@/lib/users/account-links";
import { handOverLink, publicBaseUrl } from "@/lib/users/account-link-url";
import { createUser } from "@/lib/users/manage-users";
import { createUserSchema } from "@/lib/users/schemas";
import { ssoForPages } from "@/lib/auth/sso/config";
import { commandLine } from "./command-line";

const usage = `Usage: ${commandLine("user:create", `--email <email> --role <${ROLES.join("|")}> [--name <name>]`)}`;

async function main(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { email: { type: "string" }, role: { type: "string" }, name: { type: "string" } },
  });
  const parsed = createUserSchema.safeParse({
    email: values.email ?? "",
    role: values.role,
    name: values.name ?? values.email?.split("@")[0] ?? "",
  });
  if (!parsed.success) {
    console.error(z.prettifyError(parsed.error));
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  try {
    const input = parsed.data;
    const sso = ssoForPages();
    if (sso?.required) {
      const created = await (
        await getDb()
      ).transaction(async (tx) => {
        const made = await createUser(tx, input);
        await recordAudit(
          tx,
          { kind: "cli" },
          {
            action: "user.created",
            object: { type: "user", id: made.id },
            after: { email: made.email, name: made.name, role: made.role, disabled: false },
            note: `created from the command line; they sign in with ${sso.name} (single sign-on is required)`,
          },
        );
        return made;
      });
      console.log(
        `Created ${created.role} ${created.email}. They sign in with ${sso.name} at ${publicBaseUrl()}/login.`,
      );
      return;
    }
    const { user, link } = await (
      await getDb()
    ).transaction(async (tx) => {
      const created = await createUser(tx, input);
      const invitation = await issueAccountLink(tx, {
        userId: created.id,
        kind: "invitation",
        createdBy: null,
      });
      // The command line is the way in for the first admin, and needs no second one: it is
      // recorded as such.
      await recordAudit(
        tx,
        { kind: "cli" },
        {
          action: "user.created",
          object: { type: "user", id: created.id },
          after: {
            email: created.email,
            name: created.name,
            role: created.role,
            disabled: false,
            invitationExpiresAt: invitation.expiresAt.toISOString(),
          },
          note: "created from the command line; they choose their password through their invitation link",
        },
      );
      return { user: created, link: invitation };
    });
    const handed = handOverLink(link, user, publicBaseUrl());
    console.log(`Created ${user.role} ${user.email}, with no password yet.`);
    console.log(`Invitation link (shown once; it works once, until ${handed.expiresAt}): ${handed.url}`);
    console.log("Give it to them privately: they open it, choose their password, then sign in.");
    if (!process.env.NEXTAUTH_URL?.trim()) {
      console.log(
        `The link starts with ${publicBaseUrl()} because NEXTAUTH_URL is not set; if people reach Paydesk at another address, use that one instead.`,
      );
    }
  } catch (error) {
    if (!isRuleError(error)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await closeDb();
  }
}

// lib/cli/paydesk.ts reports what main throws (its message, exit status 1 or 78).
export { main as run };
