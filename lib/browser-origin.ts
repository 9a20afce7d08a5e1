import "server-only";
import { headers } from "next/headers";

/**
 * The origin the staff member's browser used, from the Origin header of the server action's POST
 * (Next.js already refuses an action whose Origin does not match its Host). Undefined outside a
 * browser's request.
 */
export async function browserOrigin(): Promise<string | undefined> {
  let origin: string | null;
  try {
    origin = (await headers()).get("origin");
  } catch {
    return undefined;
  }
  return httpOrigin(origin);
}

export function httpOrigin(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
