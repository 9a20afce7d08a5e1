import "server-only";
import { z } from "zod";

/**
 * The server's environment, validated once. A bad value fails fast with a message naming the
 * variable, instead of surfacing later as an odd runtime error.
 */
const flag = z
  .enum(["1", "0", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

const envSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PAYDESK_DATA_DIR: z.string().min(1).default("./data/paydesk"),
  PAYDESK_DEMO: flag,
  NEXTAUTH_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  SESSION_MAX_AGE_MINUTES: z.coerce.number().int().min(5).max(43_200).default(480),
  /** How many proxies of ours stand in front of Paydesk (0: clients connect directly). */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .transform((value) => (value === "true" ? 1 : 0))
    .or(z.coerce.number().int("must be the number of proxies in front of Paydesk").min(0).max(10))
    .default(0),
});

export type ServerEnv = z.infer<typeof envSchema>;

let cached: ServerEnv | undefined;

export function serverEnv(): ServerEnv {
  if (cached) return cached;
  // An empty variable (`DATABASE_URL=`) means "not set", as in most tools.
  const present = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  cached = parsed.data;
  return cached;
}
