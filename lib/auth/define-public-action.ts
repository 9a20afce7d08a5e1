import "server-only";
import { headers } from "next/headers";
import type { z } from "zod";
import { requestOrigin } from "@/lib/audit/request-origin";
import { getDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/types";
import { UNSAFE_TEXT_MESSAGE, unsafeTextPaths } from "@/lib/validation/text";
import type { ActionResult } from "./action-result";
import { fieldErrorsOf, invalid } from "./define-action";
import { isRuleError } from "./rule-error";
import { reportError } from "@/lib/log/report-error";

/**
 * The way into the server for the few mutations nobody is signed in for: a person choosing their
 * password through a one-time link (the link is their credential; the handler checks it). As
 * defineAction, without the session and permission check: the input is checked for text a
 * database cannot hold and parsed with the form's schema, and expected failures (RuleError) reach
 * the person while anything else is logged and answered with a generic message.
 */
export interface PublicActionContext {
  db: Db;
  /** Where the request came from, for the audit entry the handler writes as the person. */
  origin: { clientAddress: string; userAgent: string | null };
}

export function definePublicAction<S extends z.ZodType, T>(definition: {
  /** What it is for, in the log when it fails unexpectedly. */
  name: string;
  schema: S;
  handler: (input: z.output<S>, context: PublicActionContext) => Promise<T>;
}) {
  return async function action(input: z.input<S>): Promise<ActionResult<T>> {
    const unsafe = unsafeTextPaths(input);
    if (unsafe.length > 0)
      return invalid(Object.fromEntries(unsafe.map((path) => [path || "_form", [UNSAFE_TEXT_MESSAGE]])));
    const parsed = await definition.schema.safeParseAsync(input);
    if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
    try {
      const context = { db: await getDb(), origin: requestOrigin(await headers()) };
      return { ok: true, data: await definition.handler(parsed.data, context) };
    } catch (error) {
      if (isRuleError(error)) {
        return { ok: false, code: "rejected", message: error.message, fieldErrors: error.fieldErrors };
      }
      reportError("action", `${definition.name} failed`, error, { action: definition.name });
      return {
        ok: false,
        code: "unexpected",
        message: "Something went wrong on our side. Try again; if it persists, tell an admin.",
      };
    }
  };
}
