import "server-only";
import { failureMessage } from "./failure-message";
import { logger } from "./logger";
import { RepeatedFailures } from "./repeated-failures";

/**
 * An error no one waits on (a failed action, a webhook's processing, a page that threw), logged
 * at error once per kind: the same error again within a minute is counted into a summary line
 * instead of printing its stack again (repeated-failures.ts), written by the next one a minute on,
 * so no summary comes after the errors stopped. The kind is the place and the error's first line,
 * so an outage that fails every request is a few lines.
 */
const globalKey = Symbol.for("paydesk.errorKinds");
type GlobalWithKinds = typeof globalThis & { [globalKey]?: Map<string, RepeatedFailures> };
const MAX_KINDS = 200;

export function reportError(where: string, message: string, error: unknown, fields: object = {}): void {
  const store = globalThis as GlobalWithKinds;
  const kinds = (store[globalKey] ??= new Map());
  const kind = `${where}\u0000${failureMessage(error)}`;
  let repeated = kinds.get(kind);
  if (!repeated) {
    if (kinds.size >= MAX_KINDS) kinds.clear();
    repeated = new RepeatedFailures(logger().child({ where }), where, {
      level: "error",
      summaryOnFailure: true,
    });
    kinds.set(kind, repeated);
  }
  repeated.failure(message, error, fields);
}
