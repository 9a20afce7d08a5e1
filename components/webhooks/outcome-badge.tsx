import { Badge } from "@/components/ui/badge";
import { WEBHOOK_OUTCOME_LABELS, webhookOutcomeLabel } from "@/lib/display/service-words";
import type { WEBHOOK_OUTCOMES } from "@/lib/webhooks/list-filter";

type Outcome = (typeof WEBHOOK_OUTCOMES)[number];

export const OUTCOME_LABELS: Record<Outcome, string> = WEBHOOK_OUTCOME_LABELS;

const TONES = {
  pending: "info",
  refreshed: "success",
  unchanged: "neutral",
  conflict: "warning",
  unknown_order: "warning",
  failed: "danger",
  unverified: "danger",
} as const satisfies Record<Outcome, "info" | "success" | "warning" | "neutral" | "danger">;

export function OutcomeBadge({ outcome }: { outcome: string }) {
  const known = outcome in TONES ? (outcome as Outcome) : null;
  return (
    <Badge tone={known ? TONES[known] : "neutral"}>
      {known ? OUTCOME_LABELS[known] : webhookOutcomeLabel(outcome)}
    </Badge>
  );
}
