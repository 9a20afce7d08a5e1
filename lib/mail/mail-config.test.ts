import { describe, expect, it } from "vitest";
import { readMailConfig } from "./mail-config";

const FROM = '"Shop support" <support@shop.example>';

describe("readMailConfig", () => {
  it("is off without SMTP_URL", () => {
    expect(readMailConfig({})).toEqual({ ok: true, config: null });
  });

  it("reads host, port, credentials and the sender", () => {
    const result = readMailConfig({
      SMTP_URL: "smtp://me%40shop:p%3Ass@mail.shop.example:2525",
      MAIL_FROM: FROM,
    });
    expect(result).toEqual({
      ok: true,
      config: {
        host: "mail.shop.example",
        port: 2525,
        implicitTls: false,
        auth: { user: "me@shop", pass: "p:ss" },
        allowInvalidCertificate: false,
        from: { name: "Shop support", address: "support@shop.example" },
      },
    });
  });

  it("defaults the port by scheme: 587 with STARTTLS, 465 for smtps", () => {
    const plain = readMailConfig({ SMTP_URL: "smtp://mail.example", MAIL_FROM: "a@b.example" });
    const tls = readMailConfig({
      SMTP_URL: "smtps://mail.example",
      MAIL_FROM: "a@b.example",
      SMTP_TLS_INSECURE: "1",
    });
    expect(plain.ok && plain.config).toMatchObject({ port: 587, implicitTls: false, auth: null });
    expect(tls.ok && tls.config).toMatchObject({
      port: 465,
      implicitTls: true,
      allowInvalidCertificate: true,
    });
  });

  it("refuses what it cannot use, saying why", () => {
    expect(readMailConfig({ SMTP_URL: "http://mail.example", MAIL_FROM: FROM })).toMatchObject({ ok: false });
    expect(readMailConfig({ SMTP_URL: "not a url", MAIL_FROM: FROM })).toMatchObject({ ok: false });
    expect(readMailConfig({ SMTP_URL: "smtp://mail.example" })).toMatchObject({
      ok: false,
      problem: expect.stringContaining("MAIL_FROM is required"),
    });
    for (const from of ['"Evil\r\nBcc: x@y" <a@b.example>', "a@b.example\r\nBcc: x@y", "not an address"]) {
      expect(readMailConfig({ SMTP_URL: "smtp://mail.example", MAIL_FROM: from })).toMatchObject({
        ok: false,
      });
    }
  });
});
