import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { ActionResult } from "@/lib/auth/action-result";

/**
 * Puts a failed action's field errors on their fields (server validation, or the service's 422
 * mapped back) and returns the message to show above the form when no field claims it.
 */
export function applyActionErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  result: Extract<ActionResult<unknown>, { ok: false }>,
): string | undefined {
  const known = new Set(Object.keys(form.getValues()));
  let placed = false;
  for (const [field, messages] of Object.entries(result.fieldErrors ?? {})) {
    const root = field.split(".")[0] ?? field;
    if (!known.has(root) || !messages[0]) continue;
    form.setError(field as Path<T>, { type: "server", message: messages[0] }, { shouldFocus: !placed });
    placed = true;
  }
  return placed ? undefined : result.message;
}
