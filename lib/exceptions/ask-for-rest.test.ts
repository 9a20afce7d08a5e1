import { describe, expect, it } from "vitest";
import { askForRestMessage } from "./ask-for-rest";

describe("the message asking for the rest", () => {
  it("names the order, the remaining amount with its currency and network, and the payment link", () => {
    const message = askForRestMessage({
      orderId: "ord-42",
      remaining: "2.5",
      currency: "USDT",
      network: "TRON",
      payUrl: "https://pay.example/abc",
    });
    expect(message).toContain("order ord-42");
    expect(message).toContain("remaining 2.5 USDT on TRON");
    expect(message.split("\n").at(-1)).toBe("https://pay.example/abc");
  });
});
