/** Responses shared by many operations (components.responses) and a picker by status code. */
import { jsonContent, ref, responseRef, str, type Schema } from "./helpers";

const error = (description: string, headers?: Record<string, Schema>): Schema => ({
  description,
  ...(headers ? { headers } : {}),
  content: jsonContent(ref("Error")),
});

export const sharedResponses: Record<string, Schema> = {
  MalformedJson: error("Malformed JSON: the body could not be parsed at all."),
  Unauthenticated: error('Missing or unknown bearer key: `{"message": "Unauthenticated."}`.'),
  NotFound: error(
    "Unknown id (another merchant's ids are unknown too), or a path (or a method of a control or pay page path) not served here.",
  ),
  PayloadTooLarge: error("Request body over 2 MB."),
  Unprocessable: error(
    "Validation failed (message = the first field message, errors = all of them), a body that is not a JSON object, or an action refused in the resource's current state.",
  ),
  InjectedFault: error("Injected fault: the merchant's error_rate fired, before any work was done.", {
    "Retry-After": { required: true, description: "Always 1", schema: str({ pattern: "^\\d+$" }) },
  }),
  PayPageNotFound: {
    description: "No such invoice.",
    content: { "text/html": { schema: str({ description: "An HTML page" }) } },
  },
  BackToPayPage: {
    description: "Back to the pay page; a refusal travels in `?error=`.",
    headers: { Location: { required: true, description: "The pay page", schema: str() } },
  },
};

const byStatus: Record<string, string> = {
  "400": "MalformedJson",
  "401": "Unauthenticated",
  "404": "NotFound",
  "413": "PayloadTooLarge",
  "422": "Unprocessable",
  "503": "InjectedFault",
};

/** The shared error responses for these status codes, e.g. `errors(400, 401, 422)`. */
export const errors = (...codes: number[]): Record<string, Schema> =>
  Object.fromEntries(
    codes.map((code) => {
      const name = byStatus[String(code)];
      if (!name) throw new Error(`no shared response for ${code}`);
      return [String(code), responseRef(name)];
    }),
  );
