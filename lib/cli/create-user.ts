// `npm run user:create -- --email someone@example.com --role admin [--name "Some One"]`
// Creates a user with a generated password, printed once. Opens the database itself, so with the
// embedded database the server must be stopped first (the data directory lock says so if not).
import { parseArgs } from "node:util";
import { z } from "zod";
import { generatePassword } from "@/lib/auth/password";
import { ROLES } from "@/lib/auth/roles";
import { closeDb, getDb } from "@/lib/db/client";
import { isRuleError } from "@/lib/auth/rule-error";
import { recordAudit } from "@/lib/audit/record";
import { createUser } from "@/lib/users/manage-users";
import { createUserSchema } from "@/lib/users/schemas";

const usage = `Usage: npm run user:create -- --email <email> --role <${ROLES.join("|")}> [--name <name>]`;

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, role: { type: "string" }, name: { type: "string" } },
  });
  const password = generatePassword();
  const parsed = createUserSchema.safeParse({
    email: values.email ?? "",
    role: values.role,
    name: values.name ?? values.email?.split("@")[0] ?? "",
    password,
  });
  if (!parsed.success) {
    console.error(z.prettifyError(parsed.error));
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  try {
    const input = parsed.data;
    const user = await (
      await getDb()
    ).transaction(async (tx) => {
      const created = await createUser(tx, input);
      // The command line is the way in for the first admin, and needs no second one: it is
      // recorded as such.
      await recordAudit(
        tx,
        { kind: "cli" },
        {
          action: "user.created",
          object: { type: "user", id: created.id },
          after: { email: created.email, name: created.name, role: created.role, disabled: false },
          note: "created from the command line",
        },
      );
      return created;
    });
    console.log(`Created ${user.role} ${user.email}.`);
    console.log(`Password (shown once, store it safely): ${password}`);
  } catch (error) {
    if (!isRuleError(error)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await closeDb();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
