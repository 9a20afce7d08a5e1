"use client";

import { useRef, useState } from "react";
import type { FieldErrors } from "@/lib/auth/action-result";
import { IDENTITY_FIELD, SIGN_IN_AGAIN_FIELD } from "@/lib/auth/fresh-identity-words";

/** What the server asked for: the password (with its words), or a new sign-in where no password helps. */
export interface IdentityRequest {
  message: string;
  signInAgain: boolean;
}

/** The server's refusal for want of a fresh password, if that is what `answer` is. */
export function identityRequestOf(answer: { ok: boolean }): IdentityRequest | null {
  if (answer.ok) return null;
  const fieldErrors = (answer as { fieldErrors?: FieldErrors }).fieldErrors;
  const message = fieldErrors?.[IDENTITY_FIELD]?.[0];
  if (!message) return null;
  return { message, signInAgain: Boolean(fieldErrors?.[SIGN_IN_AGAIN_FIELD]) };
}

/**
 * For an action that changes one's second factors (lib/auth/fresh-identity.ts): runs it, and when
 * the server answers that this session's password is too old, opens the password dialog
 * (ConfirmPasswordDialog, given `dialog`) and, once the password is confirmed, runs it again. The
 * action's own answer comes back otherwise (a step-up's refusal included, for useStepUp to read);
 * null when the person closed the dialog instead.
 */
export function useFreshIdentity() {
  const [request, setRequest] = useState<IdentityRequest | null>(null);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  async function withFreshIdentity<R extends { ok: boolean }>(attempt: () => Promise<R>): Promise<R | null> {
    for (;;) {
      const answer = await attempt();
      const asked = identityRequestOf(answer);
      if (!asked) return answer;
      const confirmed = await new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setRequest(asked);
      });
      if (!confirmed) return null;
    }
  }

  return {
    withFreshIdentity,
    /** The props of this action's ConfirmPasswordDialog. */
    dialog: {
      request,
      onDone(confirmed: boolean) {
        setRequest(null);
        settle.current?.(confirmed);
        settle.current = null;
      },
    },
  };
}
