import { Badge } from "@/components/ui/badge";
import { WITHDRAWAL_STATE_LABELS, WITHDRAWAL_STATE_TONES } from "@/lib/withdrawals/state-labels";
import type { WithdrawalState } from "@/lib/withdrawals/state-machine";

/** The state in plain words; the service's own status word is a detail row of the withdrawal page. */
export function WithdrawalStateBadge({ state }: { state: WithdrawalState }) {
  return (
    <Badge tone={WITHDRAWAL_STATE_TONES[state]} data-testid="withdrawal-state">
      {WITHDRAWAL_STATE_LABELS[state]}
    </Badge>
  );
}
