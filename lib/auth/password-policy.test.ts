import { describe, expect, it } from "vitest";
import {
  changePasswordSchema,
  newPasswordSchema,
  MOSTLY_OWN_WORDS,
  ownWords,
  passwordWeakness,
  PASSWORDS_DIFFER,
} from "./password-policy";

const person = { email: "zebulon.quixwick@paydesk.test", name: "Zebulon Quixwick" };

describe("the password a person chooses", () => {
  it("refuses a common password, saying why in zxcvbn's words", async () => {
    expect(await passwordWeakness("password1234", [])).toMatch(/similar to a commonly used password/);
    expect(await passwordWeakness("qwertyuiop12", [])).toMatch(/commonly used password/);
  });

  it("refuses one made of the person's own name or email, which is strong for anybody else", async () => {
    expect(await passwordWeakness("Quixwick2024!", [])).toBeNull();
    expect(await passwordWeakness("Quixwick2024!", ownWords(person))).toMatch(/personal/);
  });

  it("refuses one that is mostly the person's name or the business's name with a year, and accepts a strong one that holds the name", async () => {
    const nora = { email: "nora.newbie@example.com", name: "Nora Newbie" };
    expect(await passwordWeakness("Nora Newbie 2026!", [])).toBeNull();
    expect(await passwordWeakness("Nora Newbie 2026!", ownWords(nora))).toBe(MOSTLY_OWN_WORDS);
    expect(await passwordWeakness("Zanzibar Widgets 2026!", ownWords(nora, "Zanzibar Widgets"))).toBe(
      MOSTLY_OWN_WORDS,
    );
    expect(await passwordWeakness("nora pelican mortar quietly", ownWords(nora))).toBeNull();
  });

  it("accepts a few unrelated words", async () => {
    expect(await passwordWeakness("pelican mortar quietly 1987", ownWords(person))).toBeNull();
  });

  it("checks length, strength and the confirmation in one schema, field by field", async () => {
    const schema = newPasswordSchema({}, ownWords(person));
    const messages = async (password: string, confirmPassword = password) => {
      const parsed = await schema.safeParseAsync({ password, confirmPassword });
      return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message]));
    };
    expect(await messages("short")).toEqual({ password: "Use at least 12 characters." });
    expect((await messages("x".repeat(201))).password).toBe("Use at most 200 characters.");
    expect((await messages("password1234")).password).toMatch(/commonly used/);
    expect(await messages("pelican mortar quietly 1987", "pelican mortar quietly 1988")).toEqual({
      confirmPassword: PASSWORDS_DIFFER,
    });
    expect(await messages("pelican mortar quietly 1987")).toEqual({});
  });

  it("without the person's words (the action's first parse), checks the shape and leaves strength to the server's handler", () => {
    const parsed = changePasswordSchema().safeParse({
      currentPassword: "anything",
      password: "password1234",
      confirmPassword: "password1234",
      code: "",
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.code).toBeUndefined();
  });
});
