import { useState } from "react";
import { useForm, type DefaultValues, type FieldValues } from "react-hook-form";
import type { ActionResult } from "@/lib/auth/action-result";
import { applyActionErrors } from "./apply-action-errors";
import { lazyZodResolver, type SchemaLoader } from "./lazy-zod-resolver";

interface ActionFormOptions<TValues extends FieldValues, TOutput extends TValues, TData> {
  /** Loads the same zod schema the action parses with (on the first check: lazyZodResolver). */
  schema: SchemaLoader<TValues, TOutput>;
  defaultValues: DefaultValues<TValues>;
  action: (values: TValues) => Promise<ActionResult<TData>>;
  onSuccess: (data: TData) => void;
  /** Where a message no field claims goes; by default it is `formError`, shown above the buttons. */
  onFormError?: (message: string) => void;
}

/**
 * A react-hook-form form that checks with the action's schema in the browser, then calls the
 * action: its field errors land on their fields, anything else becomes the form's error. What the
 * person typed stays as it is on failure.
 */
export function useActionForm<TValues extends FieldValues, TOutput extends TValues, TData>({
  schema,
  defaultValues,
  action,
  onSuccess,
  onFormError,
}: ActionFormOptions<TValues, TOutput, TData>) {
  const [formError, setFormError] = useState<string>();
  // Made once: its cache of the loaded schema lives as long as the form.
  const [resolver] = useState(() => lazyZodResolver(schema));
  const form = useForm<TValues>({ resolver, defaultValues });

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    const result = await action(values);
    if (result.ok) {
      onSuccess(result.data);
      return;
    }
    const message = applyActionErrors(form, result);
    if (message && onFormError) onFormError(message);
    else setFormError(message);
  });

  // A form-level error of the check itself (lazyZodResolver could not load the schema) shows there too.
  return { form, formError: formError ?? form.formState.errors.root?.message, submit };
}
