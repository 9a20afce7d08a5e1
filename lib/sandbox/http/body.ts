/** Reading request bodies: JSON (lossless, see json.ts) and HTML form posts. */
import { isJsonObject, JsonSyntaxError, parseJson, type JsonObject } from "../json";
import { HttpError } from "../errors";

/** Larger than 255 KB of additional_data plus the other fields, even fully \u-escaped. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

async function readText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, "Request body too large.");
  const buf = await request.arrayBuffer();
  if (buf.byteLength > MAX_BODY_BYTES) throw new HttpError(413, "Request body too large.");
  return new TextDecoder("utf-8", { fatal: false }).decode(buf);
}

/**
 * Malformed JSON answers 400 (the body could not be read at all); a well-formed body that is
 * not an object answers 422. An empty body counts as `{}` so the field rules report what is missing.
 */
export async function readJsonObject(request: Request): Promise<JsonObject> {
  const text = await readText(request);
  if (text.trim() === "") return {};
  let value;
  try {
    value = parseJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw new HttpError(400, `Malformed JSON: ${e.message}.`);
    throw e;
  }
  if (!isJsonObject(value)) throw new HttpError(422, "The request body must be a JSON object.");
  return value;
}

export async function readForm(request: Request): Promise<Record<string, string>> {
  const text = await readText(request);
  return Object.fromEntries(new URLSearchParams(text));
}
