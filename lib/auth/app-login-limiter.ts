import "server-only";
import { getDbHandle } from "@/lib/db/client";
import { createCodeLimiter, type CodeLimiter } from "./code-limiter";
import { createPasskeyLimiter, type PasskeyLimiter } from "./passkey-limiter";
import {
  createLoginLimiter,
  memoryCounters,
  postgresCounters,
  type CounterFactory,
  type LoginLimiter,
} from "./login-rate-limit";

const globalKey = Symbol.for("paydesk.loginLimiter");
const codeKey = Symbol.for("paydesk.twoFactorCodeLimiter");
const passkeyKey = Symbol.for("paydesk.passkeyLimiter");
type GlobalWithLimiter = typeof globalThis & {
  [globalKey]?: Promise<LoginLimiter>;
  [codeKey]?: Promise<CodeLimiter>;
  [passkeyKey]?: Promise<PasskeyLimiter>;
};

function appCounters(): Promise<CounterFactory> {
  return getDbHandle().then(({ pgPool }) => (pgPool ? postgresCounters(pgPool) : memoryCounters));
}

/** The process's limiter (shared by every module graph Next.js loads), on the app's database. */
export function loginLimiter(): Promise<LoginLimiter> {
  const store = globalThis as GlobalWithLimiter;
  store[globalKey] ??= appCounters()
    .then((counters) => createLoginLimiter(undefined, counters))
    .catch((error: unknown) => {
      delete store[globalKey];
      throw error;
    });
  return store[globalKey];
}

/** The process's limiter of two-factor codes (sign-in, enrollment and step-up share it). */
export function codeLimiter(): Promise<CodeLimiter> {
  const store = globalThis as GlobalWithLimiter;
  store[codeKey] ??= appCounters()
    .then((counters) => createCodeLimiter(counters))
    .catch((error: unknown) => {
      delete store[codeKey];
      throw error;
    });
  return store[codeKey];
}

/** The process's limiter of passkey sign-in prompts, per client address. */
export function passkeyLimiter(): Promise<PasskeyLimiter> {
  const store = globalThis as GlobalWithLimiter;
  store[passkeyKey] ??= appCounters()
    .then((counters) => createPasskeyLimiter(counters))
    .catch((error: unknown) => {
      delete store[passkeyKey];
      throw error;
    });
  return store[passkeyKey];
}
