import type { AuditEntryView } from "@/lib/audit/entry-view";
import { describeChange } from "@/lib/changes/describe";
import { PAYLOADS } from "@/lib/changes/payloads";
import { field, textField, type AuditReader, type SentencePart } from "./sentence-parts";

type Threshold = { amount: string; fiatCurrency: string } | null;

/** The approval rule in words, its amount as money. */
export function thresholdWords(threshold: Threshold, reader: AuditReader): string {
  return threshold
    ? `two approvers above ${reader.money(threshold.amount, threshold.fiatCurrency)}`
    : "one approver for every withdrawal";
}

export function readThreshold(json: unknown): Threshold | undefined {
  const parsed = PAYLOADS.approval_threshold.safeParse({ threshold: field(json, "threshold") ?? null });
  return parsed.success ? parsed.data.threshold : undefined;
}

/**
 * The change an entry proposes or decides, as the pending changes page words it: from the change
 * itself when it still exists, else from what the entry wrote down.
 */
export function changeDescription(entry: AuditEntryView, reader: AuditReader): string {
  if (entry.change) {
    if (entry.change.kind === "approval_threshold") {
      const parsed = PAYLOADS.approval_threshold.safeParse(entry.change.payload);
      if (parsed.success) {
        const threshold = parsed.data.threshold;
        return threshold
          ? `Require ${thresholdWords(threshold, reader)}`
          : "Remove the two-approver threshold: one approver for every withdrawal";
      }
    }
    return describeChange(entry.change, targetName(entry));
  }
  const written = textField(field(entry.after, "change"), "description");
  if (written) return written;
  const proposal = entry.note?.match(/^(.+?): waits for a second admin's approval\.?$/)?.[1];
  return proposal ?? "a change";
}

export function changePart(entry: AuditEntryView, reader: AuditReader): SentencePart {
  const text = `“${changeDescription(entry, reader)}”`;
  return reader.mayViewChanges ? { text, href: "/admin/changes" } : text;
}

/** Who proposed a decided change, as the entry wrote it down. */
export function proposerOf(entry: AuditEntryView): string | null {
  return textField(field(entry.after, "change"), "proposedBy");
}

function targetName(entry: AuditEntryView): string | null {
  if (entry.objectType !== "user") return null;
  return entry.objectUser?.name ?? textField(entry.after, "email") ?? textField(entry.before, "email");
}
