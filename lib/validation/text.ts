import { z } from "zod";

/**
 * Text every field and search parameter accepts: no U+0000 (PostgreSQL refuses it in text, so it
 * would surface as a 500) and no lone surrogate (not valid UTF-8, so it cannot be stored or sent
 * as it is). The message names the problem, because the character itself is invisible.
 */
export const UNSAFE_TEXT_MESSAGE =
  "Remove the invisible control character or broken symbol (often pasted from another program).";

export function isSafeText(value: string): boolean {
  return !value.includes("\u0000") && value.isWellFormed();
}

/** A string schema that refuses NUL and lone surrogates before any other rule runs. */
export function safeText(message: string = UNSAFE_TEXT_MESSAGE) {
  return z.string().refine(isSafeText, { message, abort: true });
}

/** Every key and string inside parsed JSON is safe text (PostgreSQL's jsonb refuses \u0000 too). */
export function isSafeJson(value: unknown): boolean {
  // Iterative: hostile JSON can nest deeper than the call stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (!isSafeText(item)) return false;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (typeof item === "object" && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (!isSafeText(key)) return false;
        pending.push(child);
      }
    }
  }
  return true;
}

/** The paths ("a.b.0") of every string, key included, that is not safe text inside a value. */
export function unsafeTextPaths(value: unknown): string[] {
  const found: string[] = [];
  const pending: { item: unknown; path: string[] }[] = [{ item: value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { item, path } = next;
    if (typeof item === "string") {
      if (!isSafeText(item)) found.push(path.join("."));
    } else if (typeof item === "object" && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (!isSafeText(key)) found.push(path.join("."));
        else pending.push({ item: child, path: [...path, key] });
      }
    }
  }
  return found;
}

/** True when any name or value of a query string is not safe text: route handlers answer 400. */
export function hasUnsafeSearchParam(params: URLSearchParams): boolean {
  for (const [name, value] of params) if (!isSafeText(name) || !isSafeText(value)) return true;
  return false;
}

type RawSearchParams = Record<string, string | string[] | undefined>;

/**
 * A list's search box given unsafe text: the search is not applied, and the page says so next
 * to the field (with the text, minus what could not be searched) instead of silently showing
 * everything. Undefined when the parameter is absent or fine.
 */
export function refusedSearch(raw: RawSearchParams, name = "q"): string | undefined {
  const given = raw[name];
  const value = Array.isArray(given) ? given[0] : given;
  if (value === undefined || isSafeText(value)) return undefined;
  return value.replaceAll("\u0000", "").toWellFormed().replaceAll("\uFFFD", "");
}

export const REFUSED_SEARCH_MESSAGE = `Not searched: ${UNSAFE_TEXT_MESSAGE.charAt(0).toLowerCase()}${UNSAFE_TEXT_MESSAGE.slice(1)}`;
