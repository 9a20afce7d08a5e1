import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/** Loads the form's schema: `() => import("@/lib/…/form-schema").then((m) => m.theSchema)`. */
export type SchemaLoader<TValues extends FieldValues, TOutput> = () => Promise<z.ZodType<TOutput, TValues>>;

export const CHECKS_NOT_LOADED = "Could not load this form's checks. Check your connection and try again.";

/**
 * zodResolver for a schema that is loaded on the form's first check instead of with the page:
 * zod and the resolver are a fifth of a form page's script, and nobody needs them before typing.
 * The schema is still the one the server action parses with. If it cannot be loaded (the network
 * gone), the check fails with a form-level error (`errors.root`), the typed values stay, and the
 * next check tries again.
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
    loaded ??= load();
    let resolver: Resolver<TValues>;
    try {
      resolver = await loaded;
    } catch {
      loaded = undefined;
      const errors = { root: { type: "load", message: CHECKS_NOT_LOADED } } as FieldErrors<TValues>;
      return { values: {}, errors };
    }
    return resolver(values, context, options);
  };
}
