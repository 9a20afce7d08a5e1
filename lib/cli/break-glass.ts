// `npm run change:break-glass` lists the changes waiting for a second admin;
// `npm run change:break-glass -- --id <change id>` applies one without a second admin.
// For an install with a single admin only: it refuses while another active admin could approve
// the change in Paydesk. The audit log records it with the command line as the actor and the
// note "break-glass". Opens the database itself, so with the embedded database the server must be
// stopped first (the data directory lock says so if not).
import { parseArgs } from "node:util";
import { z } from "zod";
import { isRuleError } from "@/lib/auth/rule-error";
import { applyAsBreakGlass } from "@/lib/change-review/break-glass";
import { emailOf } from "@/lib/changes/store";
import { listPendingForCommandLine } from "@/lib/change-review/pending-for-cli";
import { closeDb, getDb } from "@/lib/db/client";
import { handOverLink, publicBaseUrl } from "@/lib/users/account-link-url";
import { commandLine } from "./command-line";

const usage = `Usage: ${commandLine("change:break-glass", "[--id <change id>]")}`;

async function main(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { id: { type: "string" } },
  });
  try {
    const db = await getDb();
    if (values.id === undefined) {
      const pending = await listPendingForCommandLine(db);
      if (pending.length === 0) console.log("Nothing is waiting for a second admin.");
      for (const change of pending)
        console.log(
          `${change.id}  ${change.description} (proposed by ${change.proposedBy}, ${change.proposedAt})`,
        );
      if (pending.length > 0)
        console.log(
          `\nTo apply one without a second admin: ${commandLine("change:break-glass", "--id <change id>")}`,
        );
      return;
    }
    const id = z.uuid().safeParse(values.id);
    if (!id.success) {
      console.error(`"${values.id}" is not a change id. Run the command without --id to list them.`);
      console.error(usage);
      process.exitCode = 2;
      return;
    }
    const applied = await applyAsBreakGlass(db, id.data);
    console.log(
      `Applied change ${applied.id} without a second admin. The audit log records it as break-glass from the command line.`,
    );
    if (applied.oneTimeLink) {
      const email = (await emailOf(db, applied.targetUserId)) ?? "";
      const link = handOverLink(applied.oneTimeLink, { email }, publicBaseUrl());
      console.log(
        `The new link of ${email} (shown once; it works once, until ${link.expiresAt}): ${link.url}\nGive it to them privately: they open it and choose a new password.`,
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
