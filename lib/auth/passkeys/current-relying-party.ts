import "server-only";
import { headers } from "next/headers";
import { relyingPartyOf, type RelyingParty } from "./relying-party";

/** The relying party for the request being served (see relying-party.ts). */
export async function currentRelyingParty(): Promise<RelyingParty | null> {
  const bag = await headers();
  return relyingPartyOf(process.env, {
    host: bag.get("host"),
    forwardedProto: bag.get("x-forwarded-proto"),
  });
}

/** The same, from next-auth's authorize() request headers (a plain object there). */
export function relyingPartyFromHeaders(bag: Record<string, unknown> | undefined): RelyingParty | null {
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return relyingPartyOf(process.env, {
    host: text(bag?.host),
    forwardedProto: text(bag?.["x-forwarded-proto"]),
  });
}
