/**
 * Writes the sandbox's OpenAPI document as JSON, for `npm run lint:openapi` (Redocly), to the
 * given file or to stdout:
 *   node --import tsx lib/sandbox/openapi-export.ts lib/sandbox/openapi.generated.json
 * The server URL is the one `npm run sandbox` listens on by default.
 */
import { writeFileSync } from "node:fs";
import { openApiDocument } from "./http/openapi/document";
import { encodeJson } from "./json";

// Encoded as the router serves it, then indented so that lint messages point at readable lines.
const served = encodeJson(openApiDocument("http://127.0.0.1:4010/sandbox"), { escapeSlashes: false });
const text = JSON.stringify(JSON.parse(served), null, 2) + "\n";
const [file] = process.argv.slice(2);
if (file) writeFileSync(file, text);
else process.stdout.write(text);
