import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { encodeJson, JsonNumber, parseJson } from "../json";
import { signPayload, verifySign } from "../signature";
import { phpJson } from "./harness";

interface Vector {
  name: string;
  key: string;
  payload: Record<string, unknown>;
  canonical: string;
  sign: string;
}

const vectors = JSON.parse(
  readFileSync(join(process.cwd(), "lib/sandbox/signature-vectors.json"), "utf8"),
) as Vector[];

describe("signature vectors", () => {
  it("cover the cases the client must agree on", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(8);
    const all = vectors.map((v) => v.canonical).join("");
    expect(all).toContain("\\/"); // escaped slashes
    expect(all).toContain("ü"); // raw non-ASCII
    expect(all).toContain("🚀"); // raw emoji
  });

  for (const v of vectors) {
    it(`${v.name}: canonical and sign agree by two independent routes`, () => {
      expect(phpJson(v.payload)).toBe(v.canonical);
      expect(createHmac("sha256", v.key).update(v.canonical, "utf8").digest("hex")).toBe(v.sign);
      expect(v.sign).toMatch(/^[0-9a-f]{64}$/);
    });

    it(`${v.name}: the sandbox's encoder, signer and verifier agree`, () => {
      const parsed = parseJson(JSON.stringify(v.payload)) as Record<string, never>;
      expect(encodeJson(parsed)).toBe(v.canonical);
      expect(signPayload(parsed, v.key)).toBe(v.sign);
      const withSign = parseJson(JSON.stringify({ ...v.payload, sign: v.sign })) as Record<string, never>;
      expect(verifySign(withSign, v.key)).toBe(true);
      expect(verifySign(withSign, v.key + "x")).toBe(false);
    });
  }
});

describe("lossless JSON", () => {
  it("keeps number text and key order through parse and encode", () => {
    const text = '{"b":10.50,"a":[1e3,-0.0,{"__proto__":1}],"c":"x/y"}';
    const value = parseJson(text);
    expect(encodeJson(value)).toBe('{"b":10.50,"a":[1e3,-0.0,{"__proto__":1}],"c":"x\\/y"}');
    expect(encodeJson(value, { escapeSlashes: false })).toBe(text);
    expect((value as { b: JsonNumber }).b).toBeInstanceOf(JsonNumber);
  });

  it("rejects what JSON.parse rejects", () => {
    for (const bad of ["{", '{"a":}', "[1,]", "01", '"\u0001"', "{} x", "NaN", "'a'"]) {
      expect(() => parseJson(bad), bad).toThrow();
      expect(() => JSON.parse(bad), bad).toThrow();
    }
  });
});
