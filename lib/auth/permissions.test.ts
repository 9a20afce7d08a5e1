import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { SessionState } from "./current-user";
import { ACTIONS, type Action } from "./permissions";
import { ROLES, type Role } from "./roles";
import { RuleError } from "./rule-error";

const session = vi.hoisted(() => ({ current: { status: "signed-out" } as SessionState }));
vi.mock("./current-user", () => ({ readSession: async () => session.current }));
vi.mock("@/lib/db/client", () => ({ getDb: async () => ({}) }));
// Outside a request there are no headers to read the client address from.
vi.mock("@/lib/audit/request-actor", () => ({
  requestActor: async (user: { id: string; email: string }) => ({
    kind: "user",
    userId: user.id,
    email: user.email,
  }),
}));

const { authorize, defineAction } = await import("./define-action");

// The expected table, written out on purpose: changing who may do what must change this test too.
const EXPECTED: Record<Role, Action[]> = {
  admin: [
    "users:manage",
    "service:manage",
    "settings:manage",
    "invoices:view",
    "invoices:create",
    "invoices:resolve",
    "withdrawals:view",
    "books:view",
    "webhooks:view",
    "audit:view",
    "webhooks:reprocess",
    "changes:view",
    "changes:decide",
    "account:manage",
    "notifications:read",
    "system:read",
    "mail:manage",
    "statement:view",
  ],
  finance: [
    "invoices:view",
    "withdrawals:view",
    "withdrawals:request",
    "withdrawals:approve",
    "books:view",
    "webhooks:view",
    "audit:view",
    "account:manage",
    "notifications:read",
    "statement:view",
  ],
  support: [
    "invoices:view",
    "invoices:create",
    "invoices:resolve",
    "withdrawals:view",
    "withdrawals:request",
    "account:manage",
    "notifications:read",
  ],
  viewer: ["invoices:view", "withdrawals:view", "account:manage", "notifications:read"],
};

const activeAs = (role: Role): SessionState => ({
  status: "active",
  user: {
    id: `user-${role}`,
    email: `${role}@example.com`,
    name: role,
    role,
    timeZone: null,
    numberLocale: null,
  },
  sessionId: `session-${role}`,
});

const cases = ROLES.flatMap((role) =>
  ACTIONS.map((action) => ({ role, action, allowed: EXPECTED[role].includes(action) })),
);

describe("the permission table, through the guard every action uses", () => {
  it("covers every role and every action", () => {
    expect(cases).toHaveLength(ROLES.length * ACTIONS.length);
    for (const role of ROLES) expect(EXPECTED[role].every((action) => ACTIONS.includes(action))).toBe(true);
  });

  it.each(cases)("$role / $action -> allowed: $allowed", ({ role, action, allowed }) => {
    const result = authorize(activeAs(role), action);
    if (allowed)
      expect(result).toEqual({ user: expect.objectContaining({ role }), sessionId: `session-${role}` });
    else expect(result).toMatchObject({ ok: false, code: "forbidden" });
  });

  it.each(ACTIONS)("signed-out and revoked sessions are refused %s", (action) => {
    expect(authorize({ status: "signed-out" }, action)).toMatchObject({ ok: false, code: "unauthenticated" });
    expect(authorize({ status: "revoked" }, action)).toMatchObject({ ok: false, code: "unauthenticated" });
  });
});

describe("admin and finance who must still enroll in two-factor", () => {
  const mustEnroll = (role: Role): SessionState =>
    ({ ...activeAs(role), status: "must-enroll" }) as SessionState;
  it.each(ACTIONS)("are refused %s with a message saying to enroll", (action) => {
    expect(authorize(mustEnroll("finance"), action)).toMatchObject({
      ok: false,
      code: "forbidden",
      message: expect.stringMatching(/Set up two-factor sign-in first/),
    });
  });
  it("may run the enrollment action itself", () => {
    expect(authorize(mustEnroll("admin"), "account:manage", { duringEnrollment: true })).toEqual({
      user: expect.objectContaining({ role: "admin" }),
      sessionId: "session-admin",
    });
    expect(authorize(mustEnroll("admin"), "withdrawals:approve", { duringEnrollment: true })).toMatchObject({
      code: "forbidden",
    });
  });
});

describe("defineAction runs its handler only for permitted roles", () => {
  const handler = vi.fn(async () => "done");
  beforeEach(() => handler.mockClear());

  it.each(cases)("$role / $action", async ({ role, action, allowed }) => {
    session.current = activeAs(role);
    const run = defineAction({ permission: action, schema: z.object({}), handler });
    const result = await run({});
    expect(result.ok).toBe(allowed);
    expect(handler).toHaveBeenCalledTimes(allowed ? 1 : 0);
  });

  it("parses input with the schema before the handler sees it", async () => {
    session.current = activeAs("admin");
    const run = defineAction({
      permission: "users:manage",
      schema: z.object({ n: z.coerce.number().min(1) }),
      handler,
    });
    expect(await run({ n: 0 })).toMatchObject({
      ok: false,
      code: "invalid",
      fieldErrors: { n: [expect.any(String)] },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("turns an unexpected error into a generic message", async () => {
    session.current = activeAs("admin");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const run = defineAction({
      permission: "users:manage",
      schema: z.object({}),
      handler: async () => {
        throw new Error("database exploded: secret details");
      },
    });
    const result = await run({});
    expect(result).toMatchObject({ ok: false, code: "unexpected" });
    expect(JSON.stringify(result)).not.toContain("secret details");
  });

  it("shows a broken rule's message, on its field when it names one", async () => {
    session.current = activeAs("admin");
    const failWith = (error: RuleError) =>
      defineAction({
        permission: "users:manage",
        schema: z.object({}),
        handler: async () => {
          throw error;
        },
      })({});
    expect(await failWith(new RuleError("Taken.", { field: "email" }))).toEqual({
      ok: false,
      code: "rejected",
      message: "Taken.",
      fieldErrors: { email: ["Taken."] },
    });
    expect(await failWith(new RuleError("Decided already."))).toEqual({
      ok: false,
      code: "rejected",
      message: "Decided already.",
      fieldErrors: undefined,
    });
  });
});
