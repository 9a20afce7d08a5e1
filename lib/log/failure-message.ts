const FAILURE_MESSAGE_MAX = 300;

/** The first line of an error's message, cut to 300 characters: never its stack or its data. */
export function failureMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split(/\r?\n/, 1)[0]?.trim() || (error instanceof Error ? error.name : "unknown error");
  return line.length > FAILURE_MESSAGE_MAX ? `${line.slice(0, FAILURE_MESSAGE_MAX - 1)}…` : line;
}
