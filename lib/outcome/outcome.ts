/**
 * What came of a step, as the person should read it: done (success), done but not as hoped or not
 * yet known (warning), or not done (error). A server action that can end more than one way says
 * which in its answer; the page never picks a colour from the wording.
 */
export type Outcome = "success" | "warning" | "error";

export interface OutcomeMessage {
  outcome: Outcome;
  message: string;
}

export const succeeded = (message: string): OutcomeMessage => ({ outcome: "success", message });
export const warned = (message: string): OutcomeMessage => ({ outcome: "warning", message });
export const failed = (message: string): OutcomeMessage => ({ outcome: "error", message });
