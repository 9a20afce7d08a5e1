import "server-only";
import type { z } from "zod";
import { requestActor } from "@/lib/audit/request-actor";
import type { AuditActor } from "@/lib/audit/record";
import { getDb } from "@/lib/db/client";
import { UNSAFE_TEXT_MESSAGE, unsafeTextPaths } from "@/lib/validation/text";
import type { Db } from "@/lib/db/types";
import { readSession, type CurrentUser, type SessionState } from "./current-user";
import type { ActionResult, FieldErrors } from "./action-result";
import { can, type Action } from "./permissions";
import { isRuleError } from "./rule-error";
import { ENROLL_FIRST_MESSAGE } from "./two-factor/policy";
import { reportError } from "@/lib/log/report-error";

/**
 * The one way into the server for mutations: read the session (fresh from the database),
 * check the permission the action declares, parse the input with the form's zod schema, run,
 * and answer with a typed result. Expected failures (RuleError) reach the user with their
 * field; anything else is logged and the user sees a generic message.
 */

export interface ActionContext {
  db: Db;
  user: CurrentUser;
  /** The session acting: a fresh second-factor confirmation counts for it alone. */
  sessionId: string;
  /** The user with the address and browser they acted from, for recordAudit(). */
  actor: AuditActor;
}

interface ActionDefinition<S extends z.ZodType, T> {
  /** Required: an action without a declared permission does not compile. */
  permission: Action;
  /** Only two-factor enrollment itself: accepted from an admin or finance user who must still enroll. */
  duringEnrollment?: true;
  schema: S;
  handler: (input: z.output<S>, context: ActionContext) => Promise<T>;
}

type Denied = Extract<ActionResult<never>, { ok: false }>;

/** The guard every action runs: an active user whose role the permission table allows. */
export function authorize(
  state: SessionState,
  permission: Action,
  options: { duringEnrollment?: boolean } = {},
): { user: CurrentUser; sessionId: string } | Denied {
  if (state.status === "must-enroll" && !options.duringEnrollment) {
    return { ok: false, code: "forbidden", message: ENROLL_FIRST_MESSAGE };
  }
  if (state.status !== "active" && state.status !== "must-enroll") {
    return { ok: false, code: "unauthenticated", message: "Your session has ended. Sign in again." };
  }
  if (!can(state.user.role, permission)) {
    return { ok: false, code: "forbidden", message: "Your role does not allow this." };
  }
  return { user: state.user, sessionId: state.sessionId };
}

export function defineAction<S extends z.ZodType, T>(definition: ActionDefinition<S, T>) {
  return async function action(input: z.input<S>): Promise<ActionResult<T>> {
    const access = authorize(await readSession(), definition.permission, {
      duringEnrollment: definition.duringEnrollment,
    });
    if (!("user" in access)) return access;
    const { user, sessionId } = access;
    // Before the schema, so that text no schema checks (a JSON value, a forgotten field) never
    // reaches the database, which refuses NUL with an error the user would see as "unexpected".
    const unsafe = unsafeTextPaths(input);
    if (unsafe.length > 0)
      return invalid(Object.fromEntries(unsafe.map((path) => [path || "_form", [UNSAFE_TEXT_MESSAGE]])));
    const parsed = definition.schema.safeParse(input);
    if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
    try {
      const context = { db: await getDb(), user, sessionId, actor: await requestActor(user) };
      const data = await definition.handler(parsed.data, context);
      return { ok: true, data };
    } catch (error) {
      if (isRuleError(error)) {
        return { ok: false, code: "rejected", message: error.message, fieldErrors: error.fieldErrors };
      }
      reportError("action", `${definition.permission} failed`, error, {
        permission: definition.permission,
        userId: user.id,
      });
      return {
        ok: false,
        code: "unexpected",
        message: "Something went wrong on our side. Try again; if it persists, tell an admin.",
      };
    }
  };
}

export function invalid(fieldErrors: FieldErrors): Denied {
  return { ok: false, code: "invalid", message: "Check the highlighted fields.", fieldErrors };
}

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    (result[key] ??= []).push(issue.message);
  }
  return result;
}
