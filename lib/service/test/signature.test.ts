import { createHmac } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseLosslessJson } from "../json";
import {
  buildSignedBody,
  canonicalJson,
  signPayload,
  verifyWebhook,
  verifyWebhookAsSent,
} from "../signature";

const hmac = (data: string, key: string) => createHmac("sha256", key).update(data, "utf8").digest("hex");
const KEY = "invoice-key-\u00e9-123";

describe("canonicalJson", () => {
  const payload = {
    amount: "10.50",
    order_id: "wd_1",
    url: "https://example.com/a/b?x=1",
    name: "Zoë Ångström 東京",
    emoji: "paid 💸",
    is_subtract: true,
    additional_data: { user_id: "u/1", nested: { list: [1, "2.000", null, { deep: "ü" }] }, empty: [] },
  };

  it("php style: no spaces, keys in order, slashes escaped, raw UTF-8", () => {
    expect(canonicalJson(payload, "php")).toBe(
      '{"amount":"10.50","order_id":"wd_1","url":"https:\\/\\/example.com\\/a\\/b?x=1","name":"Zoë Ångström 東京",' +
        '"emoji":"paid 💸","is_subtract":true,"additional_data":{"user_id":"u\\/1","nested":{"list":[1,"2.000",null,' +
        '{"deep":"ü"}]},"empty":[]}}',
    );
  });

  it("plain style is JSON.stringify", () => {
    expect(canonicalJson(payload, "plain")).toBe(JSON.stringify(payload));
  });

  it("escapes like PHP: control characters, quotes, U+2028/2029 in php style only", () => {
    const value = { s: 'a"b\\c\n\t\u0001\u2028\u007f' };
    expect(canonicalJson(value, "php")).toBe('{"s":"a\\"b\\\\c\\n\\t\\u0001\\u2028\u007f"}');
    expect(canonicalJson(value, "plain")).toBe(JSON.stringify(value));
  });

  it("writes decimal strings as given and parsed numbers by their source", () => {
    const parsed = parseLosslessJson('{"a":1.10,"b":"0.00000001","c":1e-7}');
    expect(canonicalJson(parsed, "php")).toBe('{"a":1.10,"b":"0.00000001","c":1e-7}');
  });

  it("omits undefined properties like JSON.stringify", () => {
    expect(canonicalJson({ a: undefined, b: 1 }, "php")).toBe('{"b":1}');
  });
});

describe("signing", () => {
  it("signPayload is HMAC-SHA256 hex of the canonical JSON", () => {
    const payload = { order_id: "x", address: "T/1" };
    expect(signPayload(payload, KEY)).toBe(hmac('{"order_id":"x","address":"T\\/1"}', KEY));
    expect(signPayload(payload, KEY, "plain")).toBe(hmac('{"order_id":"x","address":"T/1"}', KEY));
    expect(signPayload(payload, KEY)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each(["php", "plain"] as const)(
    "buildSignedBody sends exactly the signed bytes plus sign (%s)",
    (style) => {
      const payload = { amount: "1.5", order_id: "wd_2", address: "addr/é", additional_data: { k: "🚀" } };
      const { body, sign } = buildSignedBody(payload, KEY, style);
      const canonical = canonicalJson(payload, style);
      expect(body).toBe(`${canonical.slice(0, -1)},"sign":"${sign}"}`);
      expect(sign).toBe(hmac(canonical, KEY));
      // What a receiver does: strip sign and re-encode in the same style.
      const { sign: sent, ...rest } = JSON.parse(body) as Record<string, unknown>;
      expect(sent).toBe(sign);
      expect(canonicalJson(rest, style)).toBe(canonical);
    },
  );

  it("buildSignedBody handles an empty payload and refuses one that already has sign", () => {
    const { body, sign } = buildSignedBody({}, KEY);
    expect(body).toBe(`{"sign":"${hmac("{}", KEY)}"}`);
    expect(sign).toBe(hmac("{}", KEY));
    expect(() => buildSignedBody({ sign: "x" }, KEY)).toThrow();
  });
});

const VECTORS = fileURLToPath(new URL("../../sandbox/signature-vectors.json", import.meta.url));

describe.skipIf(!existsSync(VECTORS))("sandbox signature vectors", () => {
  // Parsed losslessly so number literals in payloads keep their written form.
  type Vector = {
    name: string;
    key: string;
    payload: Record<string, unknown>;
    canonical: string;
    sign: string;
  };
  const vectors = existsSync(VECTORS)
    ? (parseLosslessJson(readFileSync(VECTORS, "utf8")) as unknown as Vector[])
    : [];
  it("has vectors", () => expect(vectors.length).toBeGreaterThan(0));
  it.each(vectors.map((v) => [v.name, v] as const))("%s", (_name, vector) => {
    expect(canonicalJson(vector.payload, "php")).toBe(vector.canonical);
    expect(signPayload(vector.payload, vector.key, "php")).toBe(vector.sign);
    const body = `${vector.canonical.slice(0, -1)}${vector.canonical === "{}" ? "" : ","}"sign":"${vector.sign}"}`;
    expect(verifyWebhook(body, vector.key)).toEqual({ ok: true, form: "php" });
  });
});

describe("verifyWebhook", () => {
  const payload = {
    order_id: "inv_1",
    status: "paid",
    url: "https://pay.example/i/1",
    note: "café ☕ 🎉",
    additional_data: { user_id: 7, "10": "ten" },
  };
  const signed = (canonical: string, key = KEY) =>
    `${canonical.slice(0, -1)},"sign":"${hmac(canonical, key)}"}`;
  const php = canonicalJson(payload, "php");

  it("accepts the canonical php form", () => {
    expect(verifyWebhook(signed(php), KEY)).toEqual({ ok: true, form: "php" });
  });

  it("accepts the plain (JSON.stringify) variant", () => {
    expect(verifyWebhook(signed(JSON.stringify(payload)), KEY)).toEqual({ ok: true, form: "plain" });
  });

  it("accepts the \\u-escaped variant (PHP json_encode defaults), with or without escaped slashes", () => {
    const escaped = php.replace(
      /[\u0080-\uffff]/g,
      (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"),
    );
    expect(escaped).toContain("\\ud83c\\udf89");
    expect(verifyWebhook(signed(escaped), KEY)).toEqual({ ok: true, form: "unicode-escaped" });
    expect(verifyWebhook(signed(escaped.replaceAll("\\/", "/")), KEY)).toEqual({
      ok: true,
      form: "unicode-escaped",
    });
  });

  it("keeps the body's key order and number forms when re-encoding", () => {
    const canonical = '{"b":1.50,"10":"x","a":{"2":1,"1":2},"amount":12345678901234567890.123456789}';
    expect(verifyWebhook(signed(canonical), KEY)).toEqual({ ok: true, form: "php" });
  });

  it("accepts sign anywhere in the object and in upper-case hex", () => {
    const sign = hmac(php, KEY).toUpperCase();
    expect(verifyWebhook(`{"sign":"${sign}",${php.slice(1)}`, KEY).ok).toBe(true);
  });

  it("rejects a forged sign, a tampered body, a wrong key", () => {
    const body = signed(php);
    expect(verifyWebhook(body.replace(/"sign":"[0-9a-f]{64}"/, `"sign":"${"0".repeat(64)}"`), KEY)).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(verifyWebhook(body.replace("paid", "paix"), KEY).ok).toBe(false);
    expect(verifyWebhook(body, "another-key")).toEqual({ ok: false, reason: "mismatch" });
    expect(verifyWebhook(body.replace(/"sign":"([0-9a-f]{64})"/, '"sign":"$1aa"'), KEY).ok).toBe(false);
  });

  it("rejects truncated, non-JSON and unsigned bodies", () => {
    const body = signed(php);
    expect(verifyWebhook(body.slice(0, -5), KEY)).toEqual({ ok: false, reason: "unparseable" });
    expect(verifyWebhook("<html>hi</html>", KEY)).toEqual({ ok: false, reason: "unparseable" });
    expect(verifyWebhook("[1,2]", KEY)).toEqual({ ok: false, reason: "unparseable" });
    expect(verifyWebhook(php, KEY)).toEqual({ ok: false, reason: "missing-sign" });
    expect(verifyWebhook('{"sign":5}', KEY)).toEqual({ ok: false, reason: "missing-sign" });
  });
});

describe("verifyWebhookAsSent: the HMAC over the bytes received, before any parse", () => {
  const payload = { order_id: "inv_1", status: "paid", url: "https://pay.example/i/1", note: "café 🎉" };

  it("accepts a body as buildSignedBody writes it, in either style, in upper-case hex too", () => {
    for (const style of ["php", "plain"] as const) {
      const { body, sign } = buildSignedBody(payload, KEY, style);
      expect(verifyWebhookAsSent(body, KEY)).toBe(true);
      expect(verifyWebhookAsSent(body.replace(sign, sign.toUpperCase()), KEY)).toBe(true);
    }
  });

  it("refuses a wrong key, a changed byte, a forged sign", () => {
    const { body, sign } = buildSignedBody(payload, KEY);
    expect(verifyWebhookAsSent(body, "another-key")).toBe(false);
    expect(verifyWebhookAsSent(body.replace("paid", "paix"), KEY)).toBe(false);
    expect(verifyWebhookAsSent(body.replace(sign, "0".repeat(64)), KEY)).toBe(false);
  });

  it("says nothing of a genuine body sent otherwise (sign not last, spaces, a newline): verifyWebhook decides", () => {
    const { body, sign } = buildSignedBody(payload, KEY);
    const signFirst = `{"sign":"${sign}",${canonicalJson(payload).slice(1)}`;
    const otherwise = [signFirst, body.replaceAll('":', '": '), `${body}\n`];
    for (const sent of otherwise) {
      expect(verifyWebhookAsSent(sent, KEY)).toBe(false);
      expect(verifyWebhook(sent, KEY).ok).toBe(true);
    }
  });

  it("refuses what is not an object ending in a sign: arrays, short or empty bodies", () => {
    for (const body of ["", "}", "[1,2]", `,"sign":"${"a".repeat(64)}"}`, '{"sign":"ab"}']) {
      expect(verifyWebhookAsSent(body, KEY)).toBe(false);
    }
  });
});
