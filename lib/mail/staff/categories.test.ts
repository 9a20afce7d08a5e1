import { describe, expect, it } from "vitest";
import { STAFF_MAIL_CATEGORIES, STAFF_MAIL_CATEGORY_KEYS, unsubscribeScopePhrase } from "./categories";

describe("what an unsubscribe link turns off, in a sentence", () => {
  it("names the daily digest in words and quotes a category's label", () => {
    expect(`You will no longer get ${unsubscribeScopePhrase("digest")} by email.`).toBe(
      "You will no longer get the daily digest by email.",
    );
    for (const category of STAFF_MAIL_CATEGORY_KEYS) {
      expect(unsubscribeScopePhrase(category)).toBe(`"${STAFF_MAIL_CATEGORIES[category]}"`);
    }
  });
});
