-- IF NOT EXISTS: before this migration rate-limiter-flexible created the table itself at start.
CREATE TABLE IF NOT EXISTS "login_rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
