-- The withdrawal trail moves into the audit log (one mechanism for both pages): every row keeps its
-- time, actor, states, reason and detail. Decisions keep their names; the rest are state changes.
INSERT INTO "audit_log" ("created_at", "actor_kind", "actor_id", "actor_email", "action", "object_type", "object_id", "before", "after", "note")
SELECT
	wa."created_at",
	CASE wa."source" WHEN 'user' THEN 'user' WHEN 'loop' THEN 'system' ELSE 'webhook' END,
	wa."actor_id",
	u."email",
	CASE
		WHEN wa."from_state" IS NULL THEN 'withdrawal.requested'
		WHEN wa."to_state" = 'approved' OR (wa."from_state" = 'awaiting_approval' AND wa."to_state" = 'awaiting_approval' AND wa."reason" LIKE 'Approval %') THEN 'withdrawal.approved'
		WHEN wa."to_state" = 'rejected' THEN 'withdrawal.rejected'
		WHEN wa."to_state" = 'cancelled' THEN 'withdrawal.cancelled'
		WHEN wa."to_state" = 'submitting' AND wa."from_state" = 'approved' THEN 'withdrawal.submitted'
		WHEN wa."to_state" = 'submitting' THEN 'withdrawal.sent_again'
		ELSE 'withdrawal.state_changed'
	END,
	'withdrawal',
	wa."withdrawal_id"::text,
	CASE WHEN wa."from_state" IS NULL THEN NULL ELSE jsonb_build_object('state', wa."from_state") END,
	jsonb_build_object('state', wa."to_state") || coalesce(wa."detail", '{}'::jsonb),
	wa."reason"
FROM "withdrawal_audit" wa
LEFT JOIN "users" u ON u."id" = wa."actor_id"
ORDER BY wa."created_at";--> statement-breakpoint
DROP TABLE "withdrawal_audit" CASCADE;
