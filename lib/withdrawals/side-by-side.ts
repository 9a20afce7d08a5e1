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
  /** What the service's side is: its latest verified report, or its answer when Paydesk sent it. */
  basis: "report" | "answer";
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

/** The service's answer to the creation call, as the trail kept it when it made a conflict. */
interface Answer {
  id: string | null;
  address: string | null;
  amount: string | null;
  at: Date;
}

/**
 * The two records of a conflict: Paydesk's beside the service's latest verified report or, when
 * no report came (a conflict raised by the creation call's own answer), beside that answer.
 * Whichever of the two is newer is the service's latest word.
 */
export function sideBySide(
  ours: Ours,
  latest: LatestReport | null,
  answer: Answer | null = null,
): SideBySide | null {
  if (answer && (!latest || answer.at > latest.receivedAt)) {
    return compared(ours, "answer", {
      amount: answer.amount,
      address: answer.address,
      id: answer.id,
      status: null,
      at: answer.at,
    });
  }
  if (!latest) return null;
  const payload = parsed(latest.rawBody);
  return compared(ours, "report", {
    amount: text(payload?.amount),
    address: text(payload?.address),
    id: text(payload?.withdrawal_id),
    status: latest.reportedStatus,
    at: latest.receivedAt,
  });
}

function compared(
  ours: Ours,
  basis: SideBySide["basis"],
  theirs: {
    amount: string | null;
    address: string | null;
    id: string | null;
    status: string | null;
    at: Date;
  },
): SideBySide {
  const { amount: theirAmount, address: theirAddress, id: theirId } = theirs;
  const ourAmount = ours.amount ?? ours.serviceAmount;
  return {
    currency: ours.currency,
    basis,
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
      { what: "status", ours: ours.state, theirs: theirs.status, differs: false },
      { what: "time", ours: ours.updatedAt, theirs: theirs.at.toISOString(), differs: false },
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
