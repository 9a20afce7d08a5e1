// Lossless JSON parsing. JSON.parse turns every number into a float (0.1 + 0.2 damage, 20-digit amounts
// rounded) and Node 20's reviver has no `context.source`, so the original digits are gone before we see
// them. This small recursive-descent parser keeps each number literal as its source text (`JsonNumber`)
// and remembers the key order of each object (JS would put integer-like keys first), so a parsed
// webhook can be re-encoded byte for byte for signature checks. Strings are decoded by JSON.parse on the
// exact string token, so escapes behave exactly as the platform's parser.
import { Decimal } from "decimal.js";

export class JsonNumber {
  constructor(readonly source: string) {}
  toJSON(): number {
    return Number(this.source);
  }
}

export type LosslessJson = null | boolean | string | JsonNumber | LosslessJson[] | LosslessObject;
export type LosslessObject = { [key: string]: LosslessJson };

/** Own-key order of a parsed object as it appeared in the text (non-enumerable). */
export const KEY_ORDER: unique symbol = Symbol("json.keyOrder");

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;
const MAX_DEPTH = 512;

export function parseLosslessJson(text: string): LosslessJson {
  let pos = 0;

  const fail = (what: string): never => {
    throw new SyntaxError(`Invalid JSON: ${what} at position ${pos}`);
  };
  const skipWhitespace = () => {
    WHITESPACE.lastIndex = pos;
    WHITESPACE.test(text);
    pos = WHITESPACE.lastIndex;
  };

  const parseString = (): string => {
    const start = pos;
    pos++; // opening quote
    for (;;) {
      const ch = text.charCodeAt(pos);
      if (Number.isNaN(ch)) fail("unterminated string");
      if (ch === 0x22) break;
      pos += ch === 0x5c ? 2 : 1;
    }
    pos++;
    try {
      return JSON.parse(text.slice(start, pos)) as string;
    } catch {
      return fail("malformed string");
    }
  };

  const parseValue = (depth: number): LosslessJson => {
    if (depth > MAX_DEPTH) fail("nesting too deep");
    skipWhitespace();
    const ch = text[pos];
    if (ch === "{") return parseObject(depth);
    if (ch === "[") return parseArray(depth);
    if (ch === '"') return parseString();
    for (const [word, value] of LITERALS) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = pos;
    const match = NUMBER.exec(text);
    if (!match) return fail("unexpected token");
    pos = NUMBER.lastIndex;
    return new JsonNumber(match[0]);
  };

  const parseArray = (depth: number): LosslessJson[] => {
    const out: LosslessJson[] = [];
    pos++;
    skipWhitespace();
    if (text[pos] === "]") {
      pos++;
      return out;
    }
    for (;;) {
      out.push(parseValue(depth + 1));
      skipWhitespace();
      const ch = text[pos++];
      if (ch === "]") return out;
      if (ch !== ",") fail("expected , or ]");
    }
  };

  const parseObject = (depth: number): LosslessObject => {
    const out: LosslessObject = {};
    const order: string[] = [];
    Object.defineProperty(out, KEY_ORDER, { value: order, enumerable: false });
    pos++;
    skipWhitespace();
    if (text[pos] === "}") {
      pos++;
      return out;
    }
    for (;;) {
      skipWhitespace();
      if (text[pos] !== '"') fail("expected a key");
      const key = parseString();
      skipWhitespace();
      if (text[pos++] !== ":") fail("expected :");
      const value = parseValue(depth + 1);
      if (!Object.prototype.hasOwnProperty.call(out, key)) order.push(key);
      // defineProperty, not assignment: a "__proto__" key must stay a plain own property.
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      skipWhitespace();
      const ch = text[pos++];
      if (ch === "}") return out;
      if (ch !== ",") fail("expected , or }");
    }
  };

  const value = parseValue(0);
  skipWhitespace();
  if (pos !== text.length) fail("trailing characters");
  return value;
}

const LITERALS: ReadonlyArray<readonly [string, LosslessJson]> = [
  ["true", true],
  ["false", false],
  ["null", null],
];

/** Keys of an object in source order when it came from the lossless parser, else insertion order. */
export function orderedKeys(obj: object): string[] {
  const order = (obj as { [KEY_ORDER]?: string[] })[KEY_ORDER];
  return order ? [...order] : Object.keys(obj);
}

export function isJsonObject(value: unknown): value is LosslessObject {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof JsonNumber)
  );
}

/** A number literal or numeric string as a plain decimal string ("1e-7" -> "0.0000001"); null if not numeric. */
export function toDecimalString(value: unknown): string | null {
  let source: string;
  if (value instanceof JsonNumber) source = value.source;
  else if (typeof value === "string") source = value.trim();
  else return null;
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(source)) return null;
  // The Decimal constructor keeps every digit (precision only applies to arithmetic results).
  return new Decimal(source).toFixed();
}

/** Converts to ordinary JS values (numbers become JS numbers) for opaque data such as additional_data. */
export function toPlainJson(value: LosslessJson): unknown {
  if (value instanceof JsonNumber) return Number(value.source);
  if (Array.isArray(value)) return value.map(toPlainJson);
  if (isJsonObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of orderedKeys(value)) {
      Object.defineProperty(out, key, {
        value: toPlainJson(value[key] ?? null),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}
