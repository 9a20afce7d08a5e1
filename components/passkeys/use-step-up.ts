"use client";

import { useEffect, useState } from "react";
import type { FieldErrors } from "@/lib/auth/action-result";
import type { StepUpValue } from "./second-factor-prompt";

/**
 * The state of one SecondFactorPrompt (whose field has the id `id`) beside an action that may ask
 * for a fresh second factor: what to send with the action, and what to do with its answer. The
 * action's refusal comes on `field`: `code` (the step-up's own), or another for an action whose
 * form has a code field of its own.
 */
export function useStepUp(id: string, { field = "code" }: { field?: string } = {}) {
  const [asked, setAsked] = useState(false);
  const [value, setValue] = useState<StepUpValue>({ code: "" });
  const [error, setError] = useState<string>();
  // Asked to show the prompt: focus its code field (or, with passkeys only, its button) once shown.
  const [focusWanted, setFocusWanted] = useState(0);
  useEffect(() => {
    if (focusWanted === 0) return;
    const target = document.getElementById(id) ?? document.querySelector<HTMLElement>(`#${id}-prompt button`);
    target?.focus();
  }, [focusWanted, id]);
  const clear = () => {
    setAsked(false);
    setValue({ code: "" });
    setError(undefined);
  };
  return {
    /** The code or passkey answer to send with the action. */
    proof: { code: value.code || undefined, passkey: value.passkey },
    /**
     * Reads the action's answer: when the server asked for a fresh second factor, the prompt shows
     * its error (a spent passkey answer is asked for again), takes the focus, and this returns
     * true. After a success the prompt is cleared; after another refusal what was typed stays.
     */
    askedFor(result: { ok: true } | { ok: false; fieldErrors?: FieldErrors }): boolean {
      const refusal = result.ok ? undefined : result.fieldErrors?.[field]?.[0];
      if (refusal !== undefined) {
        setAsked(true);
        setValue({ code: "" });
        setError(refusal);
        setFocusWanted((count) => count + 1);
        return true;
      }
      if (result.ok) clear();
      return false;
    },
    clear,
    /** The props of its SecondFactorPrompt. */
    prompt: {
      id,
      asked,
      value,
      error,
      onChange: (next: StepUpValue, message?: string) => {
        setValue(next);
        setError(message);
      },
    },
  };
}
