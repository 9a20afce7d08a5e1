import { describe, expect, it, vi } from "vitest";
import type { SessionState } from "@/lib/auth/current-user";
import { emptyWithdrawalForm } from "./form-schema";

// The server actions parse the form's own schema: a payout address whose checksum fails is
// refused on the address field before anything is recorded (the database is never reached).

const session: SessionState = {
  status: "active",
  user: {
    id: "0b7c2f9e-3d4a-4c1e-9f00-123456789abc",
    email: "support@paydesk.test",
    name: "S",
    role: "support",
    timeZone: null,
    numberLocale: null,
  },
  sessionId: "0b7c2f9e-3d4a-4c1e-9f00-123456789abd",
};
vi.mock("@/lib/auth/current-user", () => ({ readSession: async () => session }));
vi.mock("@/lib/db/client", () => ({
  getDb: async () => {
    throw new Error("a refused form never reaches the database");
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { requestWithdrawalAction } = await import("./actions");
const { requestRefundAction } = await import("@/lib/refunds/actions");

const MISTYPED = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u";
const form = {
  ...emptyWithdrawalForm("wd_mistyped_address"),
  amount: "12.5",
  address: MISTYPED,
  reason: "Refund of order 17",
};
const refused = {
  ok: false,
  code: "invalid",
  fieldErrors: {
    address: [
      "This TRON address looks mistyped: its checksum does not match. Copy it again from the recipient.",
    ],
  },
};

describe("the server refuses a mistyped payout address", () => {
  it("in a withdrawal request", async () => {
    expect(await requestWithdrawalAction(form)).toEqual({ ...refused, message: expect.any(String) });
  });

  it("while the same request with the address copied right gets past the check", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const result = await requestWithdrawalAction({ ...form, address: MISTYPED.replace(/u$/, "t") });
    // Here the next step, the database, is missing: the action fails there, not on the form.
    expect(result).toMatchObject({ ok: false, code: "unexpected" });
    quiet.mockRestore();
  });

  it("in a refund request", async () => {
    const refund = { ...form, refundOfInvoiceId: "5b1d7c0e-8f3a-4d2b-9c6e-0a1b2c3d4e5f" };
    expect(await requestRefundAction(refund)).toEqual({ ...refused, message: expect.any(String) });
  });
});
