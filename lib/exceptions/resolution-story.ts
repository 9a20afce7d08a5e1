import type { ResolutionKind } from "@/lib/db/schema/enums";

/** A resolution of an invoice's exception, as its timeline tells it (lib/exceptions/resolution-history.ts). */
export interface ResolutionStoryEntry {
  kind: "resolution";
  id: string;
  /** ISO 8601. */
  at: string;
  /** The email of the person who resolved it (for a refund: who asked for the refund). */
  actor: string | null;
  source: "user";
  how: ResolutionKind;
  note: string;
}
