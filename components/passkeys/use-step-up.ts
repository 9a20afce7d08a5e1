"use client";

import { useState } from "react";
import type { ActionResult } from "@/lib/auth/action-result";
import type { StepUpValue } from "./second-factor-prompt";

/**
 * The state of one SecondFactorPrompt (whose field has the id `id`) beside an action that may ask
 * for a fresh second factor: what to send with the action, and what to do with its answer.
 */
export function useStepUp(id: string) {
  const [asked, setAsked] = useState(false);
  const [value, setValue] = useState<StepUpValue>({ code: "" });
  const [error, setError] = useState<string>();
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
    askedFor(result: ActionResult<unknown>): boolean {
      if (!result.ok && result.fieldErrors?.code) {
        setAsked(true);
        setValue({ code: "" });
        setError(result.fieldErrors.code[0]);
        document.getElementById(id)?.focus();
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
