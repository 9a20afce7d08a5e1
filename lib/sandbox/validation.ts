/**
 * Field rules shared by the create endpoints, with Laravel-style messages
 * (`{"field": ["The field ..."]}`). Optional fields sent as null count as absent.
 */
import Decimal from "decimal.js";
import { encodeJson, isJsonObject, JsonNumber, type JsonObject, type JsonValue } from "./json";
import type { FieldErrors } from "./errors";

export const ADDITIONAL_DATA_MAX_BYTES = 255 * 1024;
const DECIMAL_RE = /^-?\d{1,15}(\.\d{1,18})?$/;
// Laravel's alpha_dash: Unicode letters, marks and digits, dash, underscore.
const ALPHA_DASH_RE = /^[\p{L}\p{M}\p{N}_-]+$/u;

const label = (field: string) => field.replaceAll("_", " ");

export class Fields {
  readonly errors: FieldErrors = {};
  constructor(readonly body: JsonObject) {}

  fail(field: string, message: string): undefined {
    (this.errors[field] ??= []).push(message);
    return undefined;
  }

  present(field: string): boolean {
    const v = this.body[field];
    return v !== undefined && v !== null && v !== "";
  }

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  private missing(field: string, required: boolean) {
    if (this.present(field)) return false;
    if (required) this.fail(field, `The ${label(field)} field is required.`);
    return true;
  }

  /** A decimal given as a string (or a JSON number, kept as its source text). */
  decimal(
    field: string,
    opts: { required: boolean; min?: string; max?: string; positive?: boolean },
  ): Decimal | undefined {
    if (this.missing(field, opts.required)) return undefined;
    const v = this.body[field];
    const text = typeof v === "string" ? v : v instanceof JsonNumber ? v.text : null;
    if (text === null || !DECIMAL_RE.test(text))
      return this.fail(field, `The ${label(field)} must be a number with a period as decimal separator.`);
    const d = new Decimal(text);
    if (opts.positive && d.lte(0)) return this.fail(field, `The ${label(field)} must be greater than 0.`);
    if (opts.min !== undefined && d.lt(opts.min))
      return this.fail(field, `The ${label(field)} must be at least ${opts.min}.`);
    if (opts.max !== undefined && d.gt(opts.max))
      return this.fail(field, `The ${label(field)} must not be greater than ${opts.max}.`);
    return d;
  }

  integer(field: string, opts: { min: number; max: number }): number | undefined {
    if (this.missing(field, false)) return undefined;
    const v = this.body[field];
    const text = typeof v === "string" ? v : v instanceof JsonNumber ? v.text : null;
    if (text === null || !/^-?\d{1,12}$/.test(text))
      return this.fail(field, `The ${label(field)} must be an integer.`);
    const n = Number(text);
    if (n < opts.min || n > opts.max)
      return this.fail(field, `The ${label(field)} must be between ${opts.min} and ${opts.max}.`);
    return n;
  }

  /** Laravel's boolean: true, false, 1, 0, "1", "0". */
  boolean(field: string, required: boolean): boolean | undefined {
    const v = this.body[field];
    if (v === undefined || v === null) {
      if (required) this.fail(field, `The ${label(field)} field is required.`);
      return undefined;
    }
    if (v === true || v === "1" || (v instanceof JsonNumber && v.text === "1")) return true;
    if (v === false || v === "0" || (v instanceof JsonNumber && v.text === "0")) return false;
    return this.fail(field, `The ${label(field)} field must be true or false.`);
  }

  string(field: string, opts: { required: boolean; max?: number }): string | undefined {
    if (this.missing(field, opts.required)) return undefined;
    const v = this.body[field];
    if (typeof v !== "string") return this.fail(field, `The ${label(field)} must be a string.`);
    if (opts.max !== undefined && [...v].length > opts.max)
      return this.fail(field, `The ${label(field)} must not be greater than ${opts.max} characters.`);
    return v;
  }

  oneOf<T extends string>(field: string, allowed: readonly T[], required: boolean): T | undefined {
    const v = this.string(field, { required });
    if (v === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(v))
      return this.fail(field, `The selected ${label(field)} is invalid.`);
    return v as T;
  }

  orderId(field = "order_id"): string | undefined {
    const v = this.string(field, { required: true, max: 255 });
    if (v === undefined) return undefined;
    if (!ALPHA_DASH_RE.test(v))
      return this.fail(
        field,
        `The ${label(field)} field must only contain letters, numbers, dashes, and underscores.`,
      );
    return v;
  }

  url(field: string): string | null | undefined {
    if (this.missing(field, false)) return null;
    const v = this.string(field, { required: false, max: 2048 });
    if (v === undefined) return undefined;
    let ok = false;
    try {
      const u = new URL(v);
      ok = (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
    } catch {
      ok = false;
    }
    return ok ? v : this.fail(field, `The ${label(field)} must be a valid URL.`);
  }

  /** Object or array (or null), at most 255 KB as canonical JSON; returned as that JSON text. */
  additionalData(field = "additional_data"): string | null | undefined {
    const v: JsonValue | undefined = this.body[field];
    if (v === undefined || v === null) return null;
    if (!isJsonObject(v) && !Array.isArray(v))
      return this.fail(field, `The ${label(field)} must be an object or an array.`);
    const text = encodeJson(v);
    if (Buffer.byteLength(text, "utf8") > ADDITIONAL_DATA_MAX_BYTES)
      return this.fail(field, `The ${label(field)} must not be greater than 255 kilobytes.`);
    return text;
  }
}
