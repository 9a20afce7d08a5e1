import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { SessionState } from "./current-user";

const session: SessionState = {
  status: "active",
  user: {
    id: "user-admin",
    email: "admin@example.com",
    name: "admin",
    role: "admin",
    timeZone: null,
    numberLocale: null,
  },
  sessionId: "session-admin",
};
vi.mock("./current-user", () => ({ readSession: async () => session }));
vi.mock("@/lib/db/client", () => ({ getDb: async () => ({}) }));
// Outside a request there are no headers to read the client address from.
vi.mock("@/lib/audit/request-actor", () => ({
  requestActor: async (user: { id: string; email: string }) => ({
    kind: "user",
    userId: user.id,
    email: user.email,
  }),
}));

const { defineAction } = await import("./define-action");

describe("defineAction and text a database cannot hold", () => {
  const handler = vi.fn(async () => "stored");
  // A schema that forgot the rule: the guard must still keep the text from the handler.
  const run = defineAction({
    permission: "users:manage",
    schema: z.object({ name: z.string(), extra: z.unknown() }),
    handler,
  });

  it.each([
    [{ name: "a\u0000b", extra: null }, "name"],
    [{ name: "ok", extra: { deep: ["\ud800"] } }, "extra.deep.0"],
    [{ name: "ok", extra: { "\u0000": 1 } }, "extra"],
  ])("refuses %j as invalid on %s, before the handler", async (input, field) => {
    const result = await run(input);
    expect(result).toMatchObject({ ok: false, code: "invalid" });
    expect(!result.ok && result.fieldErrors?.[field]?.[0]).toMatch(/invisible control character/);
    expect(handler).not.toHaveBeenCalled();
  });

  it("lets well-formed text through, emoji included", async () => {
    expect(await run({ name: "Zoë 😀", extra: { a: ["b"] } })).toEqual({ ok: true, data: "stored" });
  });
});
