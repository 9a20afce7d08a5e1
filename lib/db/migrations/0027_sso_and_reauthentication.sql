ALTER TABLE "users" ADD COLUMN "sso_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sso_subject" text;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "signed_in_with" text;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "identity_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_sso_subject_key" ON "users" USING btree ("sso_issuer","sso_subject") WHERE "users"."sso_subject" is not null;