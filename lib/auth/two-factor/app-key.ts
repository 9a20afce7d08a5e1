import "server-only";
import { serverEnv } from "@/lib/env";
import { secretKey } from "./secret-box";

/** The running app's sealing key, derived from NEXTAUTH_SECRET (required wherever anyone signs in). */
export function appSecretKey(): Buffer {
  const secret = serverEnv().NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: two-factor secrets cannot be sealed or read.");
  return secretKey(secret);
}
