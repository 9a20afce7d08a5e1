import { describe, expect, it } from "vitest";
import { parseStartupEnv } from "./env";

const secret = { NEXTAUTH_SECRET: "a-secret-of-more-than-16-characters" };
const realService = {
  PAYMENTS_BASE_URL: "https://pay.example.com",
  PAYMENTS_INVOICE_KEY: "ik",
  PAYMENTS_WITHDRAWAL_KEY: "wk",
};

describe("which payment service a start may use", () => {
  it("refuses a start with neither PAYMENTS_BASE_URL nor PAYDESK_SANDBOX, naming both", () => {
    expect(() => parseStartupEnv({ ...secret })).toThrow(/PAYMENTS_BASE_URL[\s\S]*PAYDESK_SANDBOX=embedded/);
    expect(() => parseStartupEnv({ ...secret, PAYMENTS_BASE_URL: "", PAYDESK_SANDBOX: "" })).toThrow(
      /PAYDESK_SANDBOX=embedded/,
    );
  });

  it("refuses demo mode with a real service", () => {
    expect(() => parseStartupEnv({ ...secret, ...realService, PAYDESK_DEMO: "1" })).toThrow(
      /PAYDESK_DEMO[\s\S]*real service/,
    );
  });

  it("refuses the embedded sandbox and a real service together", () => {
    expect(() => parseStartupEnv({ ...secret, ...realService, PAYDESK_SANDBOX: "embedded" })).toThrow(
      /PAYDESK_SANDBOX=embedded and PAYMENTS_BASE_URL/,
    );
  });

  it("refuses another value of PAYDESK_SANDBOX", () => {
    expect(() => parseStartupEnv({ ...secret, PAYDESK_SANDBOX: "yes" })).toThrow(/PAYDESK_SANDBOX/);
  });

  it("starts with the real service, or with the embedded sandbox in demo mode", () => {
    expect(parseStartupEnv({ ...secret, ...realService }).PAYMENTS_BASE_URL).toBe("https://pay.example.com");
    const demo = parseStartupEnv({
      ...secret,
      PAYDESK_SANDBOX: "embedded",
      PAYDESK_DEMO: "1",
      HOST: "127.0.0.1",
    });
    expect(demo).toMatchObject({ PAYDESK_SANDBOX: "embedded", PAYDESK_DEMO: true });
  });

  it("refuses the published sandbox keys outside demo mode", () => {
    const embedded = { ...secret, PAYDESK_SANDBOX: "embedded" };
    expect(() => parseStartupEnv({ ...embedded, SANDBOX_INVOICE_KEY: "sandbox-invoice-key" })).toThrow(
      /SANDBOX_INVOICE_KEY: is a key published/,
    );
    expect(
      parseStartupEnv({
        ...embedded,
        PAYDESK_DEMO: "1",
        HOST: "127.0.0.1",
        SANDBOX_INVOICE_KEY: "sandbox-invoice-key",
      }),
    ).toBeTruthy();
  });
});

describe("demo mode stays away from production", () => {
  const demo = { ...secret, PAYDESK_SANDBOX: "embedded", PAYDESK_DEMO: "1", HOST: "127.0.0.1" };

  it("refuses demo mode with DATABASE_URL, whatever the database", () => {
    expect(() =>
      parseStartupEnv({ ...demo, DATABASE_URL: "postgres://paydesk@db.internal:5432/paydesk" }),
    ).toThrow(/DATABASE_URL: demo mode runs only on its own embedded database[\s\S]*Unset DATABASE_URL/);
    expect(parseStartupEnv({ ...demo, DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("refuses demo mode bound to anything but loopback, naming HOST and PAYDESK_DEMO_PUBLIC", () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "paydesk.example.com"]) {
      let message = "";
      try {
        parseStartupEnv({ ...demo, HOST: host });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(
        /HOST: demo mode on an address other machines reach[\s\S]*PAYDESK_DEMO_PUBLIC=1/,
      );
      expect(message, "the refusal names the variable, not its value").not.toContain(host);
    }
  });

  it("counts no bind address as every interface, as next start does without -H", () => {
    expect(() => parseStartupEnv({ ...demo, HOST: undefined })).toThrow(/HOST: demo mode on every interface/);
  });

  it("starts demo mode on loopback, or anywhere with PAYDESK_DEMO_PUBLIC=1", () => {
    for (const host of ["127.0.0.1", "::1", "localhost", "[::1]"]) {
      expect(parseStartupEnv({ ...demo, HOST: host }).PAYDESK_DEMO).toBe(true);
    }
    expect(parseStartupEnv({ ...demo, HOST: "0.0.0.0", PAYDESK_DEMO_PUBLIC: "1" })).toMatchObject({
      PAYDESK_DEMO: true,
      PAYDESK_DEMO_PUBLIC: true,
      HOST: "0.0.0.0",
    });
  });

  it("lets a start outside demo mode bind anywhere, on any database", () => {
    const production = { ...secret, ...realService, DATABASE_URL: "postgres://paydesk@db.internal/paydesk" };
    expect(parseStartupEnv({ ...production, HOST: "0.0.0.0" }).DATABASE_URL).toContain("db.internal");
  });
});

describe("the invoice polling budget", () => {
  const embedded = { ...secret, PAYDESK_SANDBOX: "embedded" };

  it("is 20 polls a second unless set, and refuses 0, fractions and absurd values", () => {
    expect(parseStartupEnv(embedded).PAYDESK_POLL_BUDGET_PER_SECOND).toBe(20);
    expect(
      parseStartupEnv({ ...embedded, PAYDESK_POLL_BUDGET_PER_SECOND: "50" }).PAYDESK_POLL_BUDGET_PER_SECOND,
    ).toBe(50);
    for (const bad of ["0", "2.5", "1001", "many"]) {
      expect(() => parseStartupEnv({ ...embedded, PAYDESK_POLL_BUDGET_PER_SECOND: bad })).toThrow(
        /PAYDESK_POLL_BUDGET_PER_SECOND/,
      );
    }
  });
});

describe("how long an invitation or reset link lives", () => {
  const embedded = { ...secret, PAYDESK_SANDBOX: "embedded" };

  it("is 72 hours unless set, takes a fraction of an hour, and refuses 0, more than 72 and words", () => {
    expect(parseStartupEnv(embedded).PAYDESK_ACCOUNT_LINK_HOURS).toBe(72);
    expect(
      parseStartupEnv({ ...embedded, PAYDESK_ACCOUNT_LINK_HOURS: "0.5" }).PAYDESK_ACCOUNT_LINK_HOURS,
    ).toBe(0.5);
    expect(() => parseStartupEnv({ ...embedded, PAYDESK_ACCOUNT_LINK_HOURS: "73" })).toThrow(
      /PAYDESK_ACCOUNT_LINK_HOURS: must be at most 72 hours/,
    );
    for (const bad of ["0", "-1", "a week"]) {
      expect(() => parseStartupEnv({ ...embedded, PAYDESK_ACCOUNT_LINK_HOURS: bad })).toThrow(
        /PAYDESK_ACCOUNT_LINK_HOURS/,
      );
    }
  });
});

describe("mail", () => {
  it("is off without SMTP_URL, and a start with one needs a sender it can use", () => {
    expect(parseStartupEnv({ ...secret, ...realService }).SMTP_URL).toBeUndefined();
    expect(() => parseStartupEnv({ ...secret, ...realService, SMTP_URL: "smtp://mail.example" })).toThrow(
      /SMTP_URL[\s\S]*MAIL_FROM is required/,
    );
    expect(() =>
      parseStartupEnv({
        ...secret,
        ...realService,
        SMTP_URL: "https://mail.example",
        MAIL_FROM: "a@b.example",
      }),
    ).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(
      parseStartupEnv({
        ...secret,
        ...realService,
        SMTP_URL: "smtps://u:p@mail.example",
        MAIL_FROM: '"Shop" <shop@b.example>',
      }).SMTP_URL,
    ).toBe("smtps://u:p@mail.example");
  });
});

describe("the demo's mail catcher", () => {
  const sandbox = { ...secret, PAYDESK_SANDBOX: "embedded", PAYDESK_DEMO: "1", HOST: "127.0.0.1" };
  it("runs only in demo mode, and never beside SMTP_URL", () => {
    expect(parseStartupEnv({ ...sandbox, PAYDESK_MAIL_CATCHER: "embedded" }).PAYDESK_MAIL_CATCHER).toBe(
      "embedded",
    );
    expect(() => parseStartupEnv({ ...secret, ...realService, PAYDESK_MAIL_CATCHER: "embedded" })).toThrow(
      /PAYDESK_MAIL_CATCHER[\s\S]*only in demo mode/,
    );
    // The embedded sandbox outside demo mode, even on a loopback address: its links are real ones.
    expect(() =>
      parseStartupEnv({
        ...secret,
        PAYDESK_SANDBOX: "embedded",
        HOST: "127.0.0.1",
        PAYDESK_MAIL_CATCHER: "embedded",
      }),
    ).toThrow(/PAYDESK_MAIL_CATCHER[\s\S]*only in demo mode/);
    expect(() =>
      parseStartupEnv({
        ...sandbox,
        PAYDESK_MAIL_CATCHER: "embedded",
        SMTP_URL: "smtp://mail.example",
        MAIL_FROM: "a@b.example",
      }),
    ).toThrow(/both set/);
  });
});

describe("single sign-on", () => {
  const sso = {
    OIDC_ISSUER: "https://id.shop.example",
    OIDC_CLIENT_ID: "paydesk",
    OIDC_CLIENT_SECRET: "a-client-secret",
    OIDC_NAME: "Okta",
  };
  it("is configured whole: a missing value is named", () => {
    expect(parseStartupEnv({ ...secret, ...realService, ...sso }).OIDC_NAME).toBe("Okta");
    expect(() => parseStartupEnv({ ...secret, ...realService, ...sso, OIDC_CLIENT_SECRET: "" })).toThrow(
      /OIDC_CLIENT_SECRET: is needed for single sign-on/,
    );
    expect(() => parseStartupEnv({ ...secret, ...realService, OIDC_ISSUER: sso.OIDC_ISSUER })).toThrow(
      /OIDC_CLIENT_ID[\s\S]*OIDC_CLIENT_SECRET[\s\S]*OIDC_NAME/,
    );
  });

  it("refuses an issuer that is not a URL, or plain http beyond this machine", () => {
    expect(() => parseStartupEnv({ ...secret, ...realService, ...sso, OIDC_ISSUER: "okta" })).toThrow(
      /OIDC_ISSUER: must be the provider's issuer URL/,
    );
    expect(() =>
      parseStartupEnv({ ...secret, ...realService, ...sso, OIDC_ISSUER: "http://id.shop.example" }),
    ).toThrow(/OIDC_ISSUER: must be an https URL/);
    expect(
      parseStartupEnv({ ...secret, ...realService, ...sso, OIDC_ISSUER: "http://127.0.0.1:8080" })
        .OIDC_ISSUER,
    ).toBe("http://127.0.0.1:8080");
  });

  it("is required only where it is configured", () => {
    expect(() => parseStartupEnv({ ...secret, ...realService, PAYDESK_SSO_REQUIRED: "1" })).toThrow(
      /PAYDESK_SSO_REQUIRED: single sign-on is required, but not configured/,
    );
    expect(
      parseStartupEnv({ ...secret, ...realService, ...sso, PAYDESK_SSO_REQUIRED: "1" }).PAYDESK_SSO_REQUIRED,
    ).toBe(true);
  });
});

describe("the demo's built-in sign-in provider", () => {
  it("runs only in demo mode", () => {
    expect(() => parseStartupEnv({ ...secret, ...realService, PAYDESK_DEMO_SSO: "1" })).toThrow(
      /PAYDESK_DEMO_SSO: the built-in sign-in provider lets anyone sign in as anyone: it runs only in demo mode/,
    );
    expect(
      parseStartupEnv({
        ...secret,
        PAYDESK_SANDBOX: "embedded",
        PAYDESK_DEMO: "1",
        HOST: "127.0.0.1",
        PAYDESK_DEMO_SSO: "1",
      }).PAYDESK_DEMO_SSO,
    ).toBe(true);
  });
});
