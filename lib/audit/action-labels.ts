import type { AuditAction, AuditObjectType } from "./actions";

/** Each kind of entry in words, for the filter and an opened entry (the code stays beside it). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "auth.signed_in": "Signed in",
  "auth.sign_in_failed": "Sign-in failed",
  "auth.locked_out": "Sign-ins paused",
  "auth.signed_out": "Signed out",
  "auth.session_ended": "Session ended",
  "auth.second_factor_confirmed": "Second factor confirmed",
  "auth.identity_confirmed": "Password confirmed",
  "auth.identity_confirm_failed": "Password confirmation failed",
  "user.created": "Person invited",
  "user.sso_linked": "Linked to single sign-on",
  "user.role_changed": "Role changed",
  "user.disabled": "Person disabled",
  "user.enabled": "Person enabled",
  "user.two_factor_setup_started": "Authenticator app setup started",
  "user.two_factor_enrolled": "Authenticator app turned on",
  "user.two_factor_reset": "Two-factor sign-in reset",
  "user.recovery_code_used": "Recovery code used",
  "user.recovery_codes_replaced": "New recovery codes made",
  "user.invitation_renewed": "Invitation renewed",
  "user.password_set": "Password chosen",
  "user.password_changed": "Password changed",
  "user.password_reset": "Password reset",
  "user.display_changed": "Display settings changed",
  "user.mail_preferences_changed": "Email notifications chosen",
  "passkey.added": "Passkey added",
  "passkey.removed": "Passkey removed",
  "invoice.created": "Invoice created",
  "invoice.sent_again": "Invoice sent again",
  "invoice.refreshed": "Invoice refreshed",
  "invoice.duplicated": "Invoice duplicated",
  "invoice.resolved": "Invoice resolved",
  "invoice.reopened": "Invoice reopened",
  "invoice.emailed": "Invoice emailed to the customer",
  "withdrawal.requested": "Withdrawal requested",
  "withdrawal.approved": "Withdrawal approved",
  "withdrawal.rejected": "Withdrawal rejected",
  "withdrawal.cancelled": "Withdrawal cancelled",
  "withdrawal.submitted": "Withdrawal sent to the service",
  "withdrawal.sent_again": "Withdrawal sent again",
  "withdrawal.closed": "Withdrawal closed",
  "withdrawal.close_proposed": "Closing a withdrawal proposed",
  "withdrawal.close_declined": "Closing a withdrawal declined",
  "withdrawal.paid_proposed": "Recording a withdrawal paid proposed",
  "withdrawal.paid_declined": "Recording a withdrawal paid declined",
  "withdrawal.recorded_paid": "Withdrawal recorded as paid out",
  "withdrawal.state_changed": "Withdrawal moved",
  "settings.changed": "Approval rule changed",
  "service.connection_tested": "Connection tested",
  "webhook.reprocessed": "Webhook processed again",
  "webhook.unmatched_reviewed": "Report for an unknown order looked into",
  "change.proposed": "Change proposed",
  "change.approved": "Change approved",
  "change.cancelled": "Change withdrawn",
  "change.rejected": "Change rejected",
  "csv.exported": "CSV exported",
  "mail.sent_again": "Email sent again",
  "notification.read": "Notifications marked read",
  "notification.muted": "Notifications muted or heard again",
};

/** The entries of signing in and out: many, routine, hidden from the log unless asked for. */
export const SIGN_IN_ACTIONS = [
  "auth.signed_in",
  "auth.signed_out",
  "auth.sign_in_failed",
  "auth.locked_out",
  "auth.session_ended",
  "auth.second_factor_confirmed",
  "auth.identity_confirmed",
  "auth.identity_confirm_failed",
] as const satisfies readonly AuditAction[];

/** The filter's groups of actions, in the order the menu lists them. */
export const AUDIT_ACTION_GROUPS: ReadonlyArray<{ label: string; actions: readonly AuditAction[] }> = [
  { label: "Invoices", actions: actionsStartingWith("invoice.") },
  { label: "Withdrawals", actions: actionsStartingWith("withdrawal.") },
  {
    label: "People",
    actions: [...actionsStartingWith("user."), ...actionsStartingWith("passkey.")],
  },
  {
    label: "Changes and settings",
    actions: [...actionsStartingWith("change."), "settings.changed", "service.connection_tested"],
  },
  {
    label: "Other",
    actions: [
      "webhook.reprocessed",
      "webhook.unmatched_reviewed",
      "csv.exported",
      "mail.sent_again",
      "notification.read",
      "notification.muted",
    ],
  },
  { label: "Sign-ins", actions: SIGN_IN_ACTIONS },
];

function actionsStartingWith(prefix: string): AuditAction[] {
  return (Object.keys(AUDIT_ACTION_LABELS) as AuditAction[]).filter((action) => action.startsWith(prefix));
}

export const AUDIT_OBJECT_TYPE_LABELS: Record<AuditObjectType, string> = {
  invoice: "Invoice",
  withdrawal: "Withdrawal",
  user: "Person",
  settings: "Settings",
  service: "Payment service",
  webhook: "Webhook",
  change: "Pending change",
  export: "Export",
  mail: "Email",
};

export function auditActionLabel(action: string): string | null {
  return (AUDIT_ACTION_LABELS as Record<string, string | undefined>)[action] ?? null;
}
