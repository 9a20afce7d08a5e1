/**
 * The kinds of information a person may mute for themselves (never a task: what asks someone to
 * act is never silenced). An invoice expiring is the one that floods: most invoices are never paid.
 */
export const MUTABLE_KINDS = ["invoice.expired"] as const;

export type MutableKind = (typeof MUTABLE_KINDS)[number];
