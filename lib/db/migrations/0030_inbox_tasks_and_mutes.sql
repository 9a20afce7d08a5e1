CREATE TABLE "notification_mutes" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_mutes_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "needs_action" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "done_by" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "done_how" text;--> statement-breakpoint
ALTER TABLE "notification_mutes" ADD CONSTRAINT "notification_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_open_tasks_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."needs_action" and "notifications"."done_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_object_open_tasks_idx" ON "notifications" USING btree ("object_type","object_id") WHERE "notifications"."needs_action" and "notifications"."done_at" is null;--> statement-breakpoint
-- Notifications written before this release that asked someone to act become tasks (a requester's own
-- "refused" or "failed" is news to them, not a task) ...
UPDATE "notifications" AS "n" SET "needs_action" = true
WHERE "n"."kind" IN ('withdrawal.awaiting_approval', 'withdrawal.needs_review', 'withdrawal.conflict',
    'withdrawal.close_proposed', 'withdrawal.paid_proposed', 'change.proposed', 'report.unmatched')
  OR ("n"."kind" IN ('withdrawal.failed', 'withdrawal.service_failed')
    AND "n"."user_id" <> (SELECT "w"."requested_by" FROM "withdrawals" AS "w" WHERE "w"."id" = "n"."object_id"));--> statement-breakpoint
-- ... and those whose task is no longer there (decided, moved on, looked into; or asked again later) are
-- done, by nobody known: who did it was not kept then.
UPDATE "notifications" AS "n" SET "done_at" = now()
WHERE "n"."needs_action" AND "n"."done_at" IS NULL AND (
  EXISTS (SELECT 1 FROM "notifications" AS "later"
    WHERE "later"."user_id" = "n"."user_id" AND "later"."kind" = "n"."kind" AND "later"."object_id" = "n"."object_id"
      AND ("later"."created_at", "later"."id") > ("n"."created_at", "n"."id"))
  OR CASE
    WHEN "n"."kind" = 'change.proposed' THEN NOT EXISTS (SELECT 1 FROM "pending_changes" AS "c"
      WHERE "c"."id" = "n"."object_id" AND "c"."state" = 'pending')
    WHEN "n"."kind" = 'report.unmatched' THEN NOT EXISTS (SELECT 1 FROM "unmatched_reports" AS "r"
      WHERE "r"."id" = "n"."object_id" AND "r"."reviewed_at" IS NULL)
    WHEN "n"."kind" = 'withdrawal.close_proposed' THEN NOT EXISTS (SELECT 1 FROM "withdrawals" AS "w"
      WHERE "w"."id" = "n"."object_id" AND "w"."close_proposed_by" IS NOT NULL)
    WHEN "n"."kind" = 'withdrawal.paid_proposed' THEN NOT EXISTS (SELECT 1 FROM "withdrawals" AS "w"
      WHERE "w"."id" = "n"."object_id" AND "w"."paid_proposed_by" IS NOT NULL)
    WHEN "n"."kind" = 'withdrawal.awaiting_approval' THEN NOT EXISTS (SELECT 1 FROM "withdrawals" AS "w"
      WHERE "w"."id" = "n"."object_id" AND "w"."state" = 'awaiting_approval'
        AND NOT EXISTS (SELECT 1 FROM "withdrawal_approvals" AS "a"
          WHERE "a"."withdrawal_id" = "w"."id" AND "a"."approver_id" = "n"."user_id"))
    ELSE NOT EXISTS (SELECT 1 FROM "withdrawals" AS "w"
      WHERE "w"."id" = "n"."object_id" AND 'withdrawal.' || "w"."state" = "n"."kind")
  END
);
