import fc from "fast-check";

/**
 * Values an attacker or a careless paste sends to a form: control characters, lone surrogates,
 * huge strings, amounts a float or a numeric column might choke on, markup and nested JSON.
 */
export const UNSAFE_SAMPLES = ["\u0000", "a\u0000b", "\ud800", "x\udfffy", "\udc00\ud800"] as const;

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    ...UNSAFE_SAMPLES,
    "",
    "   ",
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "1".repeat(40),
    "1".repeat(40) + "." + "9".repeat(40),
    "1e308",
    "-1e-7",
    "NaN",
    "Infinity",
    "0x1F",
    '{"user_id":"x"}',
    '{"a":"\\u0000"}',
    '{"a":"\\ud800"}',
    `{"a":${nested(2000)}}`,
    nested(100_000),
    "x".repeat(300_000),
    "\u202eevil",
    "\ufeff",
  ),
);

/** Text that must be refused wherever it goes: at least one NUL or lone surrogate somewhere. */
export const unsafeText: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...UNSAFE_SAMPLES), fc.string({ maxLength: 10 }))
  .map(([before, bad, after]) => before + bad + after);

/** A form-like object: the given keys with hostile strings, booleans or odd values. */
export function hostileRecord(keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const value = fc.oneof(
    { weight: 6, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constantFrom(null, undefined, 1e21, -0, [], {}, ["\u0000"], { a: "\ud800" }) },
  );
  return fc.record(Object.fromEntries(keys.map((key) => [key, value])), { requiredKeys: [] });
}

/** Some field of `base` replaced by unsafe text: every schema must refuse it on that field. */
export function withUnsafeField<T extends Record<string, unknown>>(
  base: T,
  keys: readonly (keyof T & string)[],
): fc.Arbitrary<{ key: string; input: T }> {
  return fc
    .tuple(fc.constantFrom(...keys), unsafeText)
    .map(([key, bad]) => ({ key, input: { ...base, [key]: bad } }));
}

/** True when nothing inside a value (keys included) holds NUL or a lone surrogate. */
export function holdsNoUnsafeText(value: unknown): boolean {
  // With the u flag, \p{Cs} matches only a surrogate that is not half of a pair.
  if (typeof value === "string") return !/\u0000|\p{Cs}/u.test(value);
  if (typeof value !== "object" || value === null) return true;
  return Object.entries(value).every(([key, child]) => holdsNoUnsafeText(key) && holdsNoUnsafeText(child));
}
