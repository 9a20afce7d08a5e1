import { Badge } from "@/components/ui/badge";
import { WITHDRAWAL_STATE_TONES } from "@/lib/withdrawals/present";
import { WITHDRAWAL_STATE_LABELS, type WithdrawalState } from "@/lib/withdrawals/state-machine";

export function WithdrawalStateBadge({
  state,
  serviceStatus,
}: {
  state: WithdrawalState;
  serviceStatus?: string | null;
}) {
  return (
    <Badge
      tone={WITHDRAWAL_STATE_TONES[state]}
      data-testid="withdrawal-state"
      title={serviceStatus ? `Service status: ${serviceStatus}` : undefined}
    >
      {WITHDRAWAL_STATE_LABELS[state]}
    </Badge>
  );
}
