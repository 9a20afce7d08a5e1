"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/define-action";
import { reviewUnmatchedSchema } from "./review-schema";
import { reviewUnmatchedReport } from "./review-unmatched";

export const reviewUnmatchedReportAction = defineAction({
  permission: "withdrawals:approve",
  schema: reviewUnmatchedSchema,
  handler: async ({ reportId, note }, { db, user, actor }) => {
    await reviewUnmatchedReport(db, { ...actor, userId: user.id }, { reportId, note });
    revalidatePath("/");
    return { message: "Looked into: it has left the worklist." };
  },
});
