import { describe, expect, it } from "vitest";
import { JsonNumber, orderedKeys, parseLosslessJson, toDecimalString, toPlainJson } from "../json";

describe("parseLosslessJson", () => {
  it("keeps number literals as their source text", () => {
    const value = parseLosslessJson(
      '{"a":0.1,"b":12345678901234567890.123456789,"c":1e-7,"d":-0,"e":[1,2.50]}',
    );
    expect(value).toEqual({
      a: new JsonNumber("0.1"),
      b: new JsonNumber("12345678901234567890.123456789"),
      c: new JsonNumber("1e-7"),
      d: new JsonNumber("-0"),
      e: [new JsonNumber("1"), new JsonNumber("2.50")],
    });
  });

  it("decodes strings, escapes and literals like JSON.parse", () => {
    const text = '{"s":"a\\"b\\\\c\\/d\\u00e9\\ud83d\\ude00 \\n","t":true,"f":false,"n":null,"x":"1.5"}';
    expect(parseLosslessJson(text)).toEqual({ ...JSON.parse(text) });
  });

  it("keeps the source order of keys, integer-like keys included", () => {
    const value = parseLosslessJson('{"b":1,"10":2,"a":{"z":1,"2":0}}');
    expect(orderedKeys(value as object)).toEqual(["b", "10", "a"]);
    expect(Object.keys(value as object)).toEqual(["10", "b", "a"]); // what JS does on its own
  });

  it("keeps __proto__ as a plain key", () => {
    const value = parseLosslessJson('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(value)).toEqual(["__proto__"]);
  });

  it.each([
    '{"a":1',
    '{"a":01}',
    "[1,]",
    '{"a" 1}',
    "",
    "<html>",
    '"unterminated',
    "1 2",
    "{'a':1}",
    '"tab\there"',
  ])("rejects malformed JSON %j", (text) => {
    expect(() => parseLosslessJson(text)).toThrow(SyntaxError);
  });

  it("tolerates surrounding whitespace", () => {
    expect(parseLosslessJson(' \n {"a" : [ ] } \r\n')).toEqual({ a: [] });
  });
});

describe("toDecimalString", () => {
  it.each([
    ["0.1", "0.1"],
    ["12345678901234567890.123456789", "12345678901234567890.123456789"],
    ["1e-7", "0.0000001"],
    ["1E+3", "1000"],
    ["2.50", "2.5"],
    ["-3", "-3"],
    ["0.000000000000000000000001", "0.000000000000000000000001"],
  ])("number literal %s -> %s", (source, expected) => {
    expect(toDecimalString(new JsonNumber(source))).toBe(expected);
    expect(toDecimalString(source)).toBe(expected);
  });

  it.each([["abc"], ["1,5"], [""], ["NaN"], ["Infinity"], [null], [true], [1.5]])("rejects %j", (value) => {
    expect(toDecimalString(value)).toBeNull();
  });

  it("is not fooled where floats would be", () => {
    const parsed = parseLosslessJson('{"amount":0.30000000000000004,"big":9007199254740993}') as Record<
      string,
      unknown
    >;
    expect(toDecimalString(parsed.amount)).toBe("0.30000000000000004");
    expect(toDecimalString(parsed.big)).toBe("9007199254740993");
  });
});

describe("toPlainJson", () => {
  it("turns numbers into JS numbers for opaque data and keeps key order", () => {
    const plain = toPlainJson(parseLosslessJson('{"user_id":42,"tags":["a"],"n":null}'));
    expect(plain).toEqual({ user_id: 42, tags: ["a"], n: null });
  });
});
