"use client";

import type { ActionResult } from "@/lib/auth/action-result";
import type { Outcome, OutcomeMessage } from "@/lib/outcome/outcome";
import { toast } from "./toaster";

/**
 * The one way a page tells a person how a step ended: green only for done, amber for done but not
 * as hoped (or not known yet), red for not done. An error is also announced as an alert, and each
 * kind carries its own icon, so colour is never the only sign.
 */
export function showOutcome({ outcome, message }: OutcomeMessage): void {
  switch (outcome) {
    case "success":
      toast.success(message);
      return;
    case "warning":
      toast.warning(message);
      return;
    case "error":
      toast.error(<span role="alert">{message}</span>, { duration: 15_000 });
      return;
  }
}

/** A server action's answer: a refusal is an error; a step done says its own outcome (done, unless it says otherwise). */
export function showActionResult(result: ActionResult<{ message: string; outcome?: Outcome }>): void {
  if (!result.ok) showOutcome({ outcome: "error", message: result.message });
  else showOutcome({ outcome: result.data.outcome ?? "success", message: result.data.message });
}
