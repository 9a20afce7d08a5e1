// Turns a non-2xx answer into a typed error. The spec leaves the error body open (docs/service-api.md, Errors):
// `message` and/or `errors` may be missing, `errors` may be a map or a list, the body may be HTML.
import {
  InsufficientFunds,
  InvalidSign,
  NotFound,
  RateLimited,
  Unauthorized,
  Unavailable,
  UnexpectedResponse,
  ValidationFailed,
  type FieldErrors,
  type ServiceError,
} from "./errors";

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

interface ErrorBody {
  message?: string;
  fieldErrors: FieldErrors;
  formErrors: string[];
}

const snakeToCamel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** `order_id` -> `orderId`, `additional_data.user_id` -> `additionalData.user_id`. */
export function toInputFieldName(serviceField: string): string {
  const [head = "", ...rest] = serviceField.split(".");
  return [snakeToCamel(head), ...rest].join(".");
}

const asMessages = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).flatMap((v) =>
    typeof v === "string" ? [v] : v && typeof v === "object" ? asMessages(Object.values(v)) : [],
  );

function readErrorBody(text: string): ErrorBody {
  const out: ErrorBody = { fieldErrors: {}, formErrors: [] };
  let json: unknown;
  try {
    json = JSON.parse(text); // error bodies carry no amounts we keep
  } catch {
    return out;
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) return out;
  const body = json as Record<string, unknown>;
  const message = body.message ?? body.error;
  if (typeof message === "string" && message.trim()) out.message = message.trim();
  const errors = body.errors;
  if (Array.isArray(errors) || typeof errors === "string") {
    out.formErrors = asMessages(errors);
  } else if (errors && typeof errors === "object") {
    for (const [field, messages] of Object.entries(errors)) {
      const list = asMessages(messages);
      if (list.length) out.fieldErrors[toInputFieldName(field)] = list;
    }
  }
  return out;
}

/** Retry-After as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export const snippet = (text: string) => (text.length > 500 ? `${text.slice(0, 500)}…` : text);

export function errorFromAnswer(answer: HttpAnswer): ServiceError {
  const { status, text } = answer;
  const body = readErrorBody(text);
  const detail = { status, serviceMessage: body.message };
  const allText = [body.message ?? "", ...body.formErrors, ...Object.values(body.fieldErrors).flat()].join(
    "\n",
  );

  if (status === 401 || status === 403) return new Unauthorized(detail);
  if (status === 404) return new NotFound(detail);
  if (status === 429) return new RateLimited(parseRetryAfter(answer.headers.get("retry-after")), detail);
  if (status >= 500) return new Unavailable("server_error", `HTTP ${status}`, detail);
  if (status === 422 || status === 400) {
    if (/insufficient[\s_-]*(funds|balance)/i.test(allText)) return new InsufficientFunds(detail);
    if (/invalid[\s_-]*sign/i.test(allText) || /\binvalid\b/i.test((body.fieldErrors.sign ?? []).join(" "))) {
      return new InvalidSign(detail);
    }
    return new ValidationFailed(body.fieldErrors, body.formErrors, "service", detail);
  }
  return new UnexpectedResponse(`HTTP ${status}`, snippet(text), detail);
}
