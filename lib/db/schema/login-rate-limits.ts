import { bigint, integer, pgTable, varchar } from "drizzle-orm/pg-core";

/**
 * Sign-in counters on PostgreSQL, in the shape rate-limiter-flexible's RateLimiterPostgres reads
 * and writes (lib/auth/login-rate-limit.ts). Created here rather than by the library at start, so
 * instances starting together do not race to create it and the app needs no CREATE right at run time.
 */
export const loginRateLimits = pgTable("login_rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});
