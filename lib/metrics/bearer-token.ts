import { createHash, timingSafeEqual } from "node:crypto";

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** Whether an Authorization header carries exactly `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | null, token: string): boolean {
  const match = /^Bearer ([^\s]+)$/.exec(header?.trim() ?? "");
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}
