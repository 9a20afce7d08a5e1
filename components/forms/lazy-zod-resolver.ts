import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/** Loads the form's schema: `() => import("@/lib/…/form-schema").then((m) => m.theSchema)`. */
export type SchemaLoader<TValues extends FieldValues, TOutput> = () => Promise<z.ZodType<TOutput, TValues>>;

/**
 * zodResolver for a schema that is loaded on the form's first check instead of with the page:
 * zod and the resolver are a fifth of a form page's script, and nobody needs them before typing.
 * The schema is still the one the server action parses with; a failed load (the network gone)
 * rejects the check, and react-hook-form leaves the typed values as they are.
 */
export function lazyZodResolver<TValues extends FieldValues, TOutput>(
  loadSchema: SchemaLoader<TValues, TOutput>,
): Resolver<TValues> {
  let loaded: Promise<Resolver<TValues>> | undefined;
  const load = () =>
    Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<TValues>,
    );
  return async (values, context, options) => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined; // try again on the next check
      throw error;
    });
    return (await loaded)(values, context, options);
  };
}
