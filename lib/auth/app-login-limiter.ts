import "server-only";
import { getDbHandle } from "@/lib/db/client";
import { createLoginLimiter, memoryCounters, postgresCounters, type LoginLimiter } from "./login-rate-limit";

const globalKey = Symbol.for("paydesk.loginLimiter");
type GlobalWithLimiter = typeof globalThis & { [globalKey]?: Promise<LoginLimiter> };

/** The process's limiter (shared by every module graph Next.js loads), on the app's database. */
export function loginLimiter(): Promise<LoginLimiter> {
  const store = globalThis as GlobalWithLimiter;
  store[globalKey] ??= getDbHandle()
    .then(({ pgPool }) => createLoginLimiter(undefined, pgPool ? postgresCounters(pgPool) : memoryCounters))
    .catch((error: unknown) => {
      delete store[globalKey];
      throw error;
    });
  return store[globalKey];
}
