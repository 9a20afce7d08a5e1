import "server-only";
import type { DbOrTx } from "@/lib/db/types";
import { serverEnv } from "@/lib/env";
import { sessionConfirmedAt } from "./step-up";
import { secondFactorsOf } from "./two-factor/store";

/** What a dialog that may ask for a step-up shows before it asks (GET /api/account/second-factor). */
export interface StepUpStatus {
  /** The authenticator app is set up. */
  app: boolean;
  passkeys: number;
  /** This session's last confirmation of its second factor (ISO time), null: not yet in this session. */
  confirmedAt: string | null;
  windowMinutes: number;
  /** A step-up would ask for a second factor now. */
  needed: boolean;
}

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
