/** Response helpers. Bodies are encoded with json.ts so decimals stay exact. */
import type { HttpError } from "../errors";
import { encodeJson, type Encodable } from "../json";

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
