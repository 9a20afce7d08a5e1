import "server-only";
import { withoutRequestContext } from "@/lib/log/request-context";
import type { HealthState } from "./health-state";
import { checkDatabase, type Queryable } from "./database-check";

/** How often the watch checks the database when nothing else does (readiness, a scrape). */
export const DATABASE_WATCH_EVERY_MS = 15_000;

/**
 * Checks the database every 15 s so its failing and working-again lines are written even where no
 * load balancer asks /api/ready. Answers a function that stops it.
 */
export function watchDatabase(
  db: Queryable | Promise<Queryable>,
  health: Pick<HealthState, "failure" | "success">,
  everyMs = DATABASE_WATCH_EVERY_MS,
): () => void {
  let checking = false;
  const timer = withoutRequestContext(() =>
    setInterval(() => {
      if (checking) return;
      checking = true;
      void checkDatabase(db, { health }).finally(() => {
        checking = false;
      });
    }, everyMs),
  );
  timer.unref();
  return () => clearInterval(timer);
}
