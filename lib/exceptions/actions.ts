"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/define-action";
import { resolveExceptionSchema } from "./resolve-schema";
import { resolveException } from "./resolve-exception";

export const acceptAsPaidAction = defineAction({
  permission: "invoices:resolve",
  schema: resolveExceptionSchema,
  handler: async ({ invoiceId, note }, { db, user, actor }) => {
    await resolveException(db, { ...actor, userId: user.id }, { invoiceId, kind: "accepted_as_paid", note });
    revalidatePath("/");
    return { message: "Accepted as paid." };
  },
});

export const markResolvedAction = defineAction({
  permission: "invoices:resolve",
  schema: resolveExceptionSchema,
  handler: async ({ invoiceId, note }, { db, user, actor }) => {
    await resolveException(db, { ...actor, userId: user.id }, { invoiceId, kind: "marked_resolved", note });
    revalidatePath("/");
    return { message: "Marked resolved." };
  },
});
