// `npm run user:break-glass -- --email admin@example.com`
// Prints a one-time link through which an admin chooses a password, for when single sign-on is
// required and the company's provider is down or misconfigured. The password then signs that admin
// in for BREAK_GLASS_HOURS (lib/auth/sso/break-glass.ts). Opens the database itself, so with the
// embedded database the server must be stopped first (the data directory lock says so if not).
import { parseArgs } from "node:util";
import { recordAudit } from "@/lib/audit/record";
import { emailSchema } from "@/lib/auth/credentials-schema";
import { isRuleError, RuleError } from "@/lib/auth/rule-error";
import { BREAK_GLASS_HOURS } from "@/lib/auth/sso/break-glass";
import { findUserByEmail } from "@/lib/auth/user-lookup";
import { closeDb, getDb } from "@/lib/db/client";
import { issueAccountLink } from "@/lib/users/account-links";
import { handOverLink, publicBaseUrl } from "@/lib/users/account-link-url";
import { commandLine } from "./command-line";

const usage = `Usage: ${commandLine("user:break-glass", "--email <an admin's email>")}`;

async function main(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { email: { type: "string" } },
  });
  const email = emailSchema.safeParse(values.email ?? "");
  if (!email.success) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  try {
    const db = await getDb();
    const { user, link } = await db.transaction(async (tx) => {
      const admin = await findUserByEmail(tx, email.data);
      if (!admin || admin.role !== "admin") {
        throw new RuleError(`${email.data} is not an admin here: break-glass links are for admins only.`);
      }
      if (admin.disabledAt) throw new RuleError(`${admin.email} is disabled: enable another admin instead.`);
      const made = await issueAccountLink(tx, { userId: admin.id, kind: "password_reset", createdBy: null });
      await recordAudit(
        tx,
        { kind: "cli" },
        {
          action: "user.password_reset",
          object: { type: "user", id: admin.id },
          after: { linkExpiresAt: made.expiresAt.toISOString(), breakGlass: true },
          note: `break-glass from the command line: the password chosen through this link signs in for ${BREAK_GLASS_HOURS} hours while single sign-on is required`,
        },
      );
      return { user: admin, link: made };
    });
    const handed = handOverLink(link, user, publicBaseUrl());
    console.log(`Break-glass link for ${user.email} (shown once; it works once, until ${handed.expiresAt}):`);
    console.log(handed.url);
    console.log(
      `The password chosen through it signs them in for ${BREAK_GLASS_HOURS} hours, even while single sign-on is required. It is in the audit log.`,
    );
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
