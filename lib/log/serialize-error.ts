/**
 * Errors as log fields, without the data they carry: a failed query's parameters (Drizzle puts
 * them in the message and in `params`) and PostgreSQL's `detail` ("Key (order_id)=(…)") hold
 * values people entered and keys; the query text, codes and stack are what an operator needs.
 */
export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggedError;
}

const MAX_CAUSE_DEPTH = 3;
const MAX_STACK_LINES = 12;

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutParams(String(error)) };
  const code = (error as { code?: unknown }).code;
  const logged: LoggedError = {
    type: error.constructor?.name || error.name,
    message: withoutParams(error.message),
    ...(typeof code === "string" || typeof code === "number" ? { code: String(code) } : {}),
  };
  if (error.stack) logged.stack = stackFrames(error.stack);
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH)
    logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** Drizzle's "Failed query: <sql>\nparams: <values>": everything from "params:" on goes. */
export function withoutParams(message: string): string {
  return message.replace(/\n?\s*params:[\s\S]*$/, "");
}

/** Only the "    at …" frames: the first line of a stack repeats the message, params included. */
function stackFrames(stack: string): string | undefined {
  const frames = stack.split("\n").filter((line) => /^\s+at /.test(line));
  return frames.length ? frames.slice(0, MAX_STACK_LINES).join("\n") : undefined;
}
