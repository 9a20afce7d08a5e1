/** The one error type sandbox handlers throw, and its common cases; http/respond.ts turns it into a response. */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, "Unauthenticated.");
export const notFound = (what = "Not found.") => new HttpError(404, what);
export const unprocessable = (message: string, errors?: FieldErrors) => new HttpError(422, message, errors);

/** A 422 whose message is the first field message, as Laravel does. */
export function validationError(errors: FieldErrors): HttpError {
  const messages = Object.values(errors).flat();
  const extra = messages.length - 1;
  const message =
    (messages[0] ?? "The given data was invalid.") +
    (extra > 0 ? ` (and ${extra} more error${extra > 1 ? "s" : ""})` : "");
  return new HttpError(422, message, errors);
}
