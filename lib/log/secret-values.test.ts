import { describe, expect, it } from "vitest";
import { secretsOfEnvironment } from "./secret-values";

describe("the secrets of the environment", () => {
  it("include the passwords inside DATABASE_URL and SMTP_URL, decoded", () => {
    const secrets = secretsOfEnvironment({
      DATABASE_URL: "postgres://paydesk:db%2Fpassword@db.internal/paydesk",
      SMTP_URL: "smtps://mailer:smtp%40password@mail.example",
      MAIL_FROM: "shop@example.com",
    });
    expect(secrets).toEqual(expect.arrayContaining(["db/password", "smtp@password"]));
    expect(secrets).not.toContain("shop@example.com");
  });
});
