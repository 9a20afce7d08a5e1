import "server-only";
import type { ChangeHandlers } from "@/lib/changes/handler";
import {
  enableUserHandler,
  grantRoleHandler,
  resetPasswordHandler,
  resetTwoFactorHandler,
} from "@/lib/users/change-handlers";
import { ssoSecondFactorChangeHandler } from "@/lib/users/sso-second-factor-change";
import { thresholdChangeHandler } from "@/lib/withdrawals/settings";

/** Every kind of change that waits for a second admin, with the feature that applies it. */
export const CHANGE_HANDLERS: ChangeHandlers = {
  grant_role: grantRoleHandler,
  enable_user: enableUserHandler,
  reset_two_factor: resetTwoFactorHandler,
  reset_password: resetPasswordHandler,
  approval_threshold: thresholdChangeHandler,
  sso_second_factor: ssoSecondFactorChangeHandler,
};
