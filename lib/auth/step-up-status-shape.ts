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
