/** Small builders shared by the parts of the OpenAPI document (see document.ts). */
import type { Encodable } from "../../json";

export type Schema = { [key: string]: Encodable };

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string): Schema => ({ $ref: `#/components/responses/${name}` });
export const str = (extra: Schema = {}): Schema => ({ type: "string", ...extra });
export const jsonContent = (schema: Schema): Schema => ({ "application/json": { schema } });

/** A JSON body; `required` only when an empty body could never be accepted. */
export const jsonBody = (schema: Schema, required: boolean): Schema => ({
  required,
  content: jsonContent(schema),
});

export const ok = (description: string, schema: Schema): Schema => ({
  description,
  content: jsonContent(schema),
});

export const idParam = (what: string): Schema => ({
  name: "id",
  in: "path",
  required: true,
  description: `The ${what} id.`,
  schema: str({ format: "uuid" }),
});

/**
 * Extension on a path item: the responses (by status code, like `responses`) of any method the
 * path does not list (see document.ts).
 */
export const unlistedMethods = (status: number, response: Schema): Schema => ({
  "x-unlisted-methods": { [String(status)]: response },
});
