import { describe, expect, it } from "vitest";
import { bearerMatches } from "./bearer-token";

describe("the metrics bearer token", () => {
  const token = "metrics-token-0123456789";
  it("matches exactly `Bearer <token>`", () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
  });
  it.each([
    null,
    "",
    token,
    `Basic ${token}`,
    `Bearer ${token}x`,
    `Bearer ${token.slice(0, -1)}`,
    `Bearer  ${token} extra`,
    "Bearer ",
  ])("refuses %j", (header) => {
    expect(bearerMatches(header, token)).toBe(false);
  });
});
