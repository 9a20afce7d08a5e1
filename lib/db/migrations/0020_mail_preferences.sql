CREATE TABLE "mail_preferences" (
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_preferences_user_id_category_pk" PRIMARY KEY("user_id","category"),
	CONSTRAINT "mail_preferences_mode_check" CHECK ("mail_preferences"."mode" in ('immediate', 'digest'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_digest_time" text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_digest_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD CONSTRAINT "mail_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;