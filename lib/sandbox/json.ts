/**
 * Lossless JSON for the sandbox. Numbers are kept as their source text (`JsonNumber`), so a
 * signed body can be re-serialised byte for byte and amounts never pass through floats.
 * `encodeJson` writes the canonical form used for signatures: no spaces, keys in insertion
 * order, `/` escaped as `\/`, non-ASCII as raw UTF-8 — PHP's
 * `json_encode($v, JSON_UNESCAPED_UNICODE)` (which still escapes U+2028/U+2029).
 */

export class JsonNumber {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type JsonValue = null | boolean | string | JsonNumber | JsonValue[] | { [key: string]: JsonValue };

export type JsonObject = { [key: string]: JsonValue };

export class JsonSyntaxError extends Error {}

const NUMBER_RE = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function parseJson(text: string): JsonValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at position ${i}`);
  };
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i] as string)) i++;
  };
  const value = (): JsonValue => {
    ws();
    const c = text[i];
    if (c === "{") return object();
    if (c === "[") return array();
    if (c === '"') return string();
    if (text.startsWith("true", i)) return ((i += 4), true);
    if (text.startsWith("false", i)) return ((i += 5), false);
    if (text.startsWith("null", i)) return ((i += 4), null);
    NUMBER_RE.lastIndex = i;
    const m = NUMBER_RE.exec(text);
    if (!m) return fail("Unexpected token");
    i += m[0].length;
    return new JsonNumber(m[0]);
  };
  const object = (): JsonObject => {
    i++;
    const out: JsonObject = {};
    ws();
    if (text[i] === "}") return (i++, out);
    for (;;) {
      ws();
      if (text[i] !== '"') fail("Expected a string key");
      const key = string();
      ws();
      if (text[i++] !== ":") fail("Expected ':'");
      // defineProperty so a "__proto__" key stays a plain key.
      Object.defineProperty(out, key, {
        value: value(),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      ws();
      const sep = text[i++];
      if (sep === "}") return out;
      if (sep !== ",") fail("Expected ',' or '}'");
    }
  };
  const array = (): JsonValue[] => {
    i++;
    const out: JsonValue[] = [];
    ws();
    if (text[i] === "]") return (i++, out);
    for (;;) {
      out.push(value());
      ws();
      const sep = text[i++];
      if (sep === "]") return out;
      if (sep !== ",") fail("Expected ',' or ']'");
    }
  };
  const string = (): string => {
    const start = i;
    i++;
    for (;;) {
      const c = text[i];
      if (c === undefined) fail("Unterminated string");
      if (c === '"') break;
      if (c === "\\") i++;
      else if ((c as string) < " ") fail("Control character in string");
      i++;
    }
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const result = value();
  ws();
  if (i !== text.length) fail("Unexpected trailing data");
  return result;
}

const ESCAPES: Record<string, string> = {
  '"': '\\"',
  "\\": "\\\\",
  "/": "\\/",
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

function encodeString(s: string, escapeSlashes: boolean): string {
  const re = escapeSlashes ? /["\\/\u0000-\u001f\u2028\u2029]/g : /["\\\u0000-\u001f\u2028\u2029]/g;
  return (
    '"' + s.replace(re, (ch) => ESCAPES[ch] ?? "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0")) + '"'
  );
}

/** Values accepted by the encoder: JSON values plus JS numbers (finite) and undefined-skipping objects. */
export type Encodable = JsonValue | number | undefined | Encodable[] | { [key: string]: Encodable };

export function encodeJson(value: Encodable, options: { escapeSlashes?: boolean } = {}): string {
  const escapeSlashes = options.escapeSlashes ?? true;
  const enc = (v: Encodable): string => {
    if (v === null || v === undefined) return "null";
    if (typeof v === "boolean") return v ? "true" : "false";
    if (typeof v === "string") return encodeString(v, escapeSlashes);
    if (typeof v === "number") {
      if (!Number.isFinite(v)) throw new TypeError("Cannot encode a non-finite number");
      return String(v);
    }
    if (v instanceof JsonNumber) return v.text;
    if (Array.isArray(v)) return "[" + v.map(enc).join(",") + "]";
    const parts: string[] = [];
    for (const [k, item] of Object.entries(v)) {
      if (item === undefined) continue;
      parts.push(encodeString(k, escapeSlashes) + ":" + enc(item));
    }
    return "{" + parts.join(",") + "}";
  };
  return enc(value);
}

export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof JsonNumber);
}
