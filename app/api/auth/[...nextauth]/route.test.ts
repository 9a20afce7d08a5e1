import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";

/**
 * Issue #9: sign-in and sign-out bodies are a few short fields; the route refuses a larger or
 * unmeasured one before next-auth reads it. (Moved from e2e/hostile-input.spec.ts: the answer
 * is the route's own, so the browser tests' server is not needed to prove it.)
 */
const nextAuthCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock("next-auth", () => ({
  default: () => {
    nextAuthCalls.count += 1;
    return new Response("next-auth ran", { status: 200 });
  },
}));
vi.mock("@/lib/auth/options", () => ({ authOptions: () => ({}) }));

const { POST } = await import("./route");
const context = { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) };

function signInPost(body: string, headers: Record<string, string> = {}) {
  return new NextRequest("http://paydesk.test/api/auth/callback/credentials", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
  });
}

describe("the sign-in route's body limit", () => {
  it("a sign-in body over 64 KB is refused unread", async () => {
    const body = new URLSearchParams({ email: "a@example.com", password: "x".repeat(100_000) }).toString();
    const response = await POST(
      signInPost(body, { "content-length": String(Buffer.byteLength(body)) }),
      context,
    );
    expect(response.status).toBe(413);
    expect(nextAuthCalls.count).toBe(0);
  });

  it("a body without a Content-Length is refused unread; a short one reaches next-auth", async () => {
    expect((await POST(signInPost("email=a%40example.com"), context)).status).toBe(411);
    expect(nextAuthCalls.count).toBe(0);
    const body = "email=a%40example.com&password=short";
    const answer = await POST(signInPost(body, { "content-length": String(body.length) }), context);
    expect(await answer.text()).toBe("next-auth ran");
    expect(nextAuthCalls.count).toBe(1);
  });
});
