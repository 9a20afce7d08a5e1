"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/define-action";
import { requireFreshCode } from "@/lib/auth/step-up";
import { browserOrigin } from "@/lib/browser-origin";
import { approveChange, cancelChange, rejectChange } from "@/lib/changes/decide";
import { emailOf } from "@/lib/changes/store";
import { handOverLink, publicBaseUrl, type HandedOverLink } from "@/lib/users/account-link-url";
import { CHANGE_HANDLERS } from "./handlers";
import { approveChangeSchema, changeIdSchema } from "./schemas";

function revalidateAll() {
  for (const path of ["/admin/changes", "/admin/users", "/admin/settings"]) revalidatePath(path);
}

export const approveChangeAction = defineAction({
  permission: "changes:decide",
  schema: approveChangeSchema,
  handler: async ({ id, code, passkey }, { db, user, sessionId, actor }) => {
    // Step-up, as for approving a payout: the second person's approval is what lets it apply.
    await db.transaction((tx) =>
      requireFreshCode(tx, { userId: user.id, sessionId, actor }, { code, passkey }),
    );
    const approved = await approveChange(db, CHANGE_HANDLERS, id, { userId: user.id, actor });
    revalidateAll();
    if (!approved.oneTimeLink) return { message: "Approved: the change applies now." };
    // A password reset, or enabling someone with no password: the approver passes them the new link.
    const email = (await emailOf(db, approved.targetUserId)) ?? "the user";
    const link: HandedOverLink = handOverLink(
      approved.oneTimeLink,
      { email },
      publicBaseUrl(await browserOrigin()),
    );
    const message =
      approved.kind === "enable_user"
        ? `Approved: ${email} is enabled. They have no password yet: give them their new link.`
        : `Approved: the password of ${email} is reset. Give them their new link.`;
    return { message, link };
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
