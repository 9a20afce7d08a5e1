/**
 * Every kind of entry the audit log holds, named "<object>.<what happened>". The audit page's
 * filter lists these; a new kind of staff action adds its name here.
 */
export const AUDIT_ACTIONS = [
  "auth.signed_in",
  "auth.sign_in_failed",
  "auth.locked_out",
  "auth.signed_out",
  "auth.session_ended",
  "user.created",
  "user.role_changed",
  "user.disabled",
  "user.enabled",
  "user.two_factor_enrolled",
  "user.two_factor_reset",
  "user.recovery_code_used",
  "invoice.created",
  "invoice.sent_again",
  "invoice.refreshed",
  "invoice.duplicated",
  "invoice.resolved",
  "invoice.reopened",
  "withdrawal.requested",
  "withdrawal.approved",
  "withdrawal.rejected",
  "withdrawal.cancelled",
  "withdrawal.submitted",
  "withdrawal.sent_again",
  "withdrawal.closed",
  "withdrawal.close_proposed",
  "withdrawal.close_declined",
  "withdrawal.recorded_paid",
  "withdrawal.state_changed",
  "settings.changed",
  "service.connection_tested",
  "webhook.reprocessed",
  "change.proposed",
  "change.approved",
  "change.cancelled",
  "change.rejected",
  "csv.exported",
  "notification.read",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_OBJECT_TYPES = [
  "invoice",
  "withdrawal",
  "user",
  "settings",
  "service",
  "webhook",
  "change",
  "export",
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];
