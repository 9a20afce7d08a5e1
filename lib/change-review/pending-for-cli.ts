import "server-only";
import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { describeChange } from "@/lib/changes/describe";
import { pendingChanges, users } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";

const proposer = alias(users, "proposer");
const target = alias(users, "target");

/** The pending changes in words, for the break-glass command's list. */
export async function listPendingForCommandLine(db: Db) {
  const rows = await db
    .select({ change: pendingChanges, proposer: proposer.email, target: target.email })
    .from(pendingChanges)
    .innerJoin(proposer, eq(proposer.id, pendingChanges.proposedBy))
    .leftJoin(target, eq(target.id, pendingChanges.targetUserId))
    .where(eq(pendingChanges.state, "pending"))
    .orderBy(asc(pendingChanges.proposedAt));
  return rows.map((row) => ({
    id: row.change.id,
    description: describeChange(row.change, row.target),
    proposedBy: row.proposer,
    proposedAt: row.change.proposedAt.toISOString(),
  }));
}
