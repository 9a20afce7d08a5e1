"use server";

import { revalidatePath } from "next/cache";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { withdrawals } from "@/lib/db/schema";
import { defineAction } from "@/lib/auth/define-action";
import { RuleError } from "@/lib/auth/rule-error";
import { stepUpCodeSchema } from "@/lib/auth/credentials-schema";
import { authenticationResponseSchema } from "@/lib/auth/passkeys/schemas";
import { requireFreshCode } from "@/lib/auth/step-up";
import { succeeded } from "@/lib/outcome/outcome";
import { getServiceClient } from "@/lib/service/app-client";
import { approveWithdrawal, cancelWithdrawal, rejectWithdrawal } from "./decide";
import { withdrawalFormSchema } from "./form-schema";
import { rejectWithdrawalSchema } from "./reject-schema";
import { closeWithdrawalSchema } from "./close-schema";
import { closeWithdrawal, confirmNothingSent, declineClose } from "./close";
import { confirmPaid, declinePaid, proposePaid } from "./record-paid";
import { keepRetrying } from "./review";
import { proposePaidSchema } from "./review-schemas";
import { sendAgain } from "./send-again";
import { requestWithdrawal } from "./request-withdrawal";
import { changeApprovalThreshold } from "./settings";
import { submitAndAnswer } from "./submit-and-answer";
import { thresholdFormSchema } from "./threshold-schema";

const idSchema = z.object({ id: z.uuid() });

export const requestWithdrawalAction = defineAction({
  permission: "withdrawals:request",
  schema: withdrawalFormSchema,
  handler: async (form, { db, user }) => {
    const created = await requestWithdrawal(db, form, user.id);
    revalidatePath("/withdrawals");
    return { id: created.id };
  },
});

export const approveWithdrawalAction = defineAction({
  permission: "withdrawals:approve",
  schema: idSchema.extend({ code: stepUpCodeSchema, passkey: authenticationResponseSchema.optional() }),
  handler: async ({ id, code, passkey }, { db, user, sessionId, actor }) => {
    // Step-up: an enrolled approver whose session confirmed its second factor too long ago
    // confirms it afresh, with a code or a passkey.
    await db.transaction((tx) =>
      requireFreshCode(tx, { userId: user.id, sessionId, actor }, { code, passkey }),
    );
    const { fullyApproved, returned } = await approveWithdrawal(db, id, user.id);
    revalidatePath("/withdrawals");
    if (returned) throw new RuleError(`Not approved: ${returned} The refund went back to its requester.`);
    if (!fullyApproved) return succeeded("Approved. A second person must approve it before it is paid out.");
    return (await submitAndAnswer(db, getServiceClient(), id, user.id)).answer;
  },
});

export const retryWithdrawalAction = defineAction({
  permission: "withdrawals:approve",
  schema: idSchema,
  handler: async ({ id }, { db, user }) => {
    const [current] = await db
      .select({ state: withdrawals.state })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    if (current?.state === "failed" || current?.state === "service_failed") {
      // The service said no: sending it again needs fresh approvals, never the requester's.
      const again = await sendAgain(db, id, user.id);
      revalidatePath("/withdrawals");
      return {
        message:
          again.kind === "reopened"
            ? "Back in the approval queue: once approved again by someone other than the requester, it is sent with the same order id."
            : `Sent again as ${again.withdrawal.orderId}, a new payout that awaits approval by someone other than the requester.`,
        id: again.withdrawal.id,
      };
    }
    const { answer, outcome } = await submitAndAnswer(db, getServiceClient(), id, user.id);
    if (outcome?.result === "not_mine")
      throw new RuleError("It is being sent already, or it cannot be sent in its current state.");
    revalidatePath("/withdrawals");
    return { ...answer, id };
  },
});

export const rejectWithdrawalAction = defineAction({
  permission: "withdrawals:approve",
  schema: rejectWithdrawalSchema,
  handler: async ({ id, reason }, { db, user }) => {
    await rejectWithdrawal(db, id, user.id, reason);
    revalidatePath("/withdrawals");
    return { message: "Rejected. The requester sees your reason." };
  },
});

export const keepRetryingWithdrawalAction = defineAction({
  permission: "withdrawals:approve",
  schema: idSchema,
  handler: async ({ id }, { db, user }) => {
    await keepRetrying(db, id, user.id);
    revalidatePath("/withdrawals");
    return { message: "It is sent again with the same order id until the service answers." };
  },
});

export const closeWithdrawalAction = defineAction({
  permission: "withdrawals:approve",
  schema: closeWithdrawalSchema,
  handler: async ({ id, reason }, { db, user }) => {
    const { outcome } = await closeWithdrawal(db, id, user.id, reason);
    revalidatePath("/withdrawals");
    return {
      message:
        outcome === "closed"
          ? "Closed. Nothing more is sent for it."
          : "Proposed. It may have been paid, so a second person in finance confirms nothing was sent before it closes.",
    };
  },
});

export const confirmNothingSentAction = defineAction({
  permission: "withdrawals:approve",
  schema: idSchema,
  handler: async ({ id }, { db, user }) => {
    await confirmNothingSent(db, id, user.id);
    revalidatePath("/withdrawals");
    return { message: "Confirmed: nothing was sent. It is closed." };
  },
});

export const declineCloseAction = defineAction({
  permission: "withdrawals:approve",
  schema: idSchema,
  handler: async ({ id }, { db, user }) => {
    await declineClose(db, id, user.id);
    revalidatePath("/withdrawals");
    return { message: "Not closed. It stays on the worklist." };
  },
});

export const proposePaidAction = defineAction({
  permission: "withdrawals:approve",
  schema: proposePaidSchema,
  handler: async ({ id, ...form }, { db, user }) => {
    await proposePaid(db, id, user.id, form);
    revalidatePath("/withdrawals");
    return {
      message: "Proposed. It is recorded paid once a second person in finance confirms it.",
    };
  },
});

export const confirmPaidAction = defineAction({
  permission: "withdrawals:approve",
  schema: idSchema,
  handler: async ({ id }, { db, user }) => {
    await confirmPaid(db, id, user.id);
    revalidatePath("/withdrawals");
    return { message: "Confirmed: recorded as paid out, with its transaction id." };
  },
});

export const declinePaidAction = defineAction({
  permission: "withdrawals:approve",
  schema: idSchema,
  handler: async ({ id }, { db, user }) => {
    await declinePaid(db, id, user.id);
    revalidatePath("/withdrawals");
    return { message: "Not recorded paid. It stays on the worklist." };
  },
});

export const cancelWithdrawalAction = defineAction({
  permission: "withdrawals:request",
  schema: idSchema,
  handler: async ({ id }, { db, user }) => {
    await cancelWithdrawal(db, id, user.id);
    revalidatePath("/withdrawals");
    return { message: "Cancelled." };
  },
});

export const setApprovalThresholdAction = defineAction({
  permission: "settings:manage",
  schema: thresholdFormSchema,
  handler: async ({ enabled, amount, fiatCurrency }, { db, user, actor }) => {
    const threshold = enabled ? { amount, fiatCurrency } : null;
    const { pending } = await changeApprovalThreshold(db, { ...actor, userId: user.id }, threshold);
    revalidatePath("/admin/settings");
    if (pending)
      return {
        pending: true,
        message: "Proposed. It applies once a second admin approves it under Pending changes.",
      };
    return {
      pending: false,
      message: enabled
        ? `Two approvers are now needed above ${amount} ${fiatCurrency}.`
        : "One approver is enough for every withdrawal.",
    };
  },
});
