import { z } from "zod";
import type { ChangeKind } from "@/lib/db/schema/enums";

/**
 * What each kind of change carries, parsed back from its JSON column. Plain zod: the pending
 * changes page (a client component) describes changes with these too.
 */
export const GATED_ROLES = ["finance", "admin"] as const;
export type GatedRole = (typeof GATED_ROLES)[number];

/** The role, and why the proposer asked for it (required of a role change since issue 25). */
export const grantRolePayload = z.object({ role: z.enum(GATED_ROLES), reason: z.string().optional() });
export const emptyPayload = z.object({});
export const thresholdPayload = z.object({
  threshold: z.object({ amount: z.string(), fiatCurrency: z.string() }).nullable(),
});

/** Whether a single sign-on counts as a second factor (lib/auth/sso/second-factor-setting.ts). */
export const ssoSecondFactorPayload = z.object({ counts: z.boolean() });

export const PAYLOADS = {
  grant_role: grantRolePayload,
  enable_user: emptyPayload,
  reset_two_factor: emptyPayload,
  reset_password: emptyPayload,
  approval_threshold: thresholdPayload,
  sso_second_factor: ssoSecondFactorPayload,
} satisfies Record<ChangeKind, z.ZodType>;

export type ChangePayload<K extends ChangeKind> = z.output<(typeof PAYLOADS)[K]>;

/** A user's facts a change to them depends on: it applies only while they are still so. */
export const userBasis = z.object({ role: z.string(), disabled: z.boolean() });
export type UserBasis = z.output<typeof userBasis>;
