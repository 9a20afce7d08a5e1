/** Response helpers and the one error type handlers throw. Bodies are encoded with json.ts so decimals stay exact. */
import { encodeJson, type Encodable } from "../json";

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

export function json(status: number, body: Encodable, headers: Record<string, string> = {}): Response {
  return new Response(encodeJson(body, { escapeSlashes: false }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function errorResponse(err: HttpError): Response {
  const body: Record<string, Encodable> = { message: err.message };
  if (err.errors) body.errors = err.errors;
  return json(err.status, body, err.headers);
}

export function html(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

export function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location } });
}
