import { describe, expect, it, vi } from "vitest";

/**
 * Issue 24, clean edges: once the process is shutting down, a webhook is refused with 503 before
 * anything opens the database (the service delivers it again, here after the restart or to
 * another instance), and the connection is not kept.
 */
const opened = vi.hoisted(() => ({ db: 0 }));
vi.mock("@/lib/db/client", () => ({
  getDb: async () => {
    opened.db += 1;
    throw new Error("the database is closing");
  },
}));

const { POST } = await import("./route");
const { markStopping } = await import("@/lib/shutdown-state");

describe("the webhook receiver while shutting down", () => {
  it("answers 503 with Retry-After and Connection: close, touching nothing", async () => {
    markStopping();
    const response = await POST(
      new Request("http://paydesk.test/api/webhooks/payments", {
        method: "POST",
        body: JSON.stringify({ order_id: "o1", status: "paid", sign: "0".repeat(64) }),
      }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("connection")).toBe("close");
    expect(opened.db).toBe(0);
  });
});
