import { isJsonObject, JsonNumber, parseLosslessJson, type LosslessJson } from "@/lib/service/json";
import { sameAddress, sameAmount } from "./answer-check";

/**
 * A conflict shown as two records side by side: what Paydesk asked for and the service's latest
 * report (its last verified webhook, never the first), line by line, each line saying whether
 * the two differ, in words as well as colour.
 */
export interface SideBySideLine {
  what: "amount" | "address" | "service_id" | "status" | "time";
  ours: string | null;
  theirs: string | null;
  differs: boolean;
}

export interface SideBySide {
  currency: string;
  lines: SideBySideLine[];
}

interface Ours {
  state: string;
  amount: string | null;
  serviceAmount: string | null;
  currency: string;
  address: string;
  serviceId: string | null;
  updatedAt: string;
}

interface LatestReport {
  rawBody: string;
  receivedAt: Date;
  reportedStatus: string | null;
}

export function sideBySide(ours: Ours, latest: LatestReport | null): SideBySide | null {
  if (!latest) return null;
  const payload = parsed(latest.rawBody);
  const theirAmount = text(payload?.amount);
  const theirAddress = text(payload?.address);
  const theirId = text(payload?.withdrawal_id);
  const ourAmount = ours.amount ?? ours.serviceAmount;
  return {
    currency: ours.currency,
    lines: [
      {
        what: "amount",
        ours: ourAmount,
        theirs: theirAmount,
        differs: Boolean(ourAmount && theirAmount && !sameAmount(theirAmount, ourAmount)),
      },
      {
        what: "address",
        ours: ours.address,
        theirs: theirAddress,
        differs: Boolean(theirAddress && !sameAddress(theirAddress, ours.address)),
      },
      {
        what: "service_id",
        ours: ours.serviceId,
        theirs: theirId,
        differs: Boolean(ours.serviceId && theirId && theirId !== ours.serviceId),
      },
      // Paydesk's own state and the service's word are different vocabularies: never "differs".
      { what: "status", ours: ours.state, theirs: latest.reportedStatus, differs: false },
      { what: "time", ours: ours.updatedAt, theirs: latest.receivedAt.toISOString(), differs: false },
    ],
  };
}

function parsed(rawBody: string): Record<string, LosslessJson> | null {
  try {
    const value = parseLosslessJson(rawBody);
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}

function text(value: LosslessJson | undefined): string | null {
  if (typeof value === "string") return value.slice(0, 255);
  if (value instanceof JsonNumber) return value.source;
  return null;
}
