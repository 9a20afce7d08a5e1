/** What told Paydesk that money moved, as the ledger keeps it beside each entry. */
export const EVIDENCE_KINDS = [
  "webhook",
  "refresh",
  "person",
  "loop",
  "request",
  "migration",
  "repair",
] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

export interface Evidence {
  kind: EvidenceKind;
  /** The person whose decision or record it follows. */
  actorId?: string | null;
}

/** The evidence of a change made by one of Paydesk's usual sources. */
export function evidenceOf(source: "user" | "webhook" | "loop" | "view", actorId?: string | null): Evidence {
  if (source === "user") return { kind: "person", actorId: actorId ?? null };
  if (source === "webhook") return { kind: "webhook" };
  if (source === "loop") return { kind: "loop" };
  return { kind: "refresh" };
}
