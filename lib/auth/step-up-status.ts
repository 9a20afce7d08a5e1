import "server-only";
import type { DbOrTx } from "@/lib/db/types";
import { serverEnv } from "@/lib/env";
import { sessionConfirmedAt } from "./step-up";
import type { StepUpStatus } from "./step-up-status-shape";
import { secondFactorsOf } from "./two-factor/store";

export type { StepUpStatus };

export async function stepUpStatusOf(
  db: DbOrTx,
  who: { userId: string; sessionId: string },
  now = new Date(),
): Promise<StepUpStatus> {
  const windowMinutes = serverEnv().PAYDESK_STEP_UP_MINUTES;
  const [factors, confirmedAt] = await Promise.all([
    secondFactorsOf(db, who.userId),
    sessionConfirmedAt(db, who),
  ]);
  const enrolled = factors.app || factors.passkeys > 0;
  const fresh =
    windowMinutes > 0 &&
    confirmedAt !== null &&
    now.getTime() - confirmedAt.getTime() < windowMinutes * 60_000;
  return {
    ...factors,
    confirmedAt: confirmedAt?.toISOString() ?? null,
    windowMinutes,
    needed: enrolled && !fresh,
  };
}
