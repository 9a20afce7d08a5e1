"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/define-action";
import { approveChange, cancelChange, rejectChange } from "@/lib/changes/decide";
import { CHANGE_HANDLERS } from "./handlers";
import { changeIdSchema } from "./schemas";

function revalidateAll() {
  for (const path of ["/admin/changes", "/admin/users", "/admin/settings"]) revalidatePath(path);
}

export const approveChangeAction = defineAction({
  permission: "changes:decide",
  schema: changeIdSchema,
  handler: async ({ id }, { db, user, actor }) => {
    await approveChange(db, CHANGE_HANDLERS, id, { userId: user.id, actor });
    revalidateAll();
    return { message: "Approved: the change applies now." };
  },
});

export const rejectChangeAction = defineAction({
  permission: "changes:decide",
  schema: changeIdSchema,
  handler: async ({ id }, { db, user, actor }) => {
    await rejectChange(db, CHANGE_HANDLERS, id, { userId: user.id, actor });
    revalidateAll();
    return { message: "Rejected: nothing was changed." };
  },
});

export const cancelChangeAction = defineAction({
  permission: "changes:decide",
  schema: changeIdSchema,
  handler: async ({ id }, { db, user, actor }) => {
    await cancelChange(db, CHANGE_HANDLERS, id, { userId: user.id, actor });
    revalidateAll();
    return { message: "Cancelled: nothing was changed." };
  },
});
