/**
 * Checks a response the tests received against the sandbox's OpenAPI document: the operation is
 * found with openapi-backend's router, the status code must be one the operation documents, the
 * content type one that response documents, required headers present, and the body valid for the
 * schema (openapi-backend's response validator, on Ajv's JSON Schema 2020-12 dialect, which is
 * OpenAPI 3.1's). Outside the operations, the document's own rules apply: an unlisted method
 * answers what the path's x-unlisted-methods says, an unlisted path answers NotFound (404).
 */
import OpenAPIBackend, { type Operation } from "openapi-backend";
import Ajv2020, { type ErrorObject, type Options, type ValidateFunction } from "ajv/dist/2020";
import { openApiDocument } from "../http/openapi/document";

export interface ObservedResponse {
  method: string;
  /** Relative to the service base URL, query string included, e.g. "/v1/invoices/abc". */
  path: string;
  status: number;
  headers: Headers;
  text: string;
}

type Obj = Record<string, unknown>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function ajv2020(opts: Options): Ajv2020 {
  const ajv = new Ajv2020({ ...opts, allErrors: true });
  ajv.addFormat("uuid", UUID_RE);
  ajv.addFormat("uri", { type: "string", validate: (s: string) => URL.canParse(s) });
  return ajv;
}

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map(
    (e) => `${e.instancePath || "(body)"} ${e.message ?? "is invalid"} ${JSON.stringify(e.params)}`,
  );

/** The key of `responses` that covers `status`: exact, then 4XX-style, then default. */
function statusKey(responses: Obj, status: number): string | undefined {
  return [String(status), `${Math.floor(status / 100)}XX`, "default"].find((k) => k in responses);
}

/**
 * openapi-backend checks the definition itself against the OpenAPI 3.0 schema only, which refuses
 * 3.1 (type arrays, license.identifier, const); Redocly lints the document instead (lint:openapi).
 */
class OpenApi31Backend extends OpenAPIBackend {
  override validateDefinition() {
    return this.document;
  }
}

const METHODS = ["get", "put", "post", "delete", "patch", "options", "head", "trace"];

export class OpenApiResponseValidator {
  private readonly ajv = ajv2020({ strict: false });
  private readonly compiled = new WeakMap<object, ValidateFunction>();

  private constructor(private readonly api: OpenApi31Backend) {}

  static async create(
    document: Obj = openApiDocument("http://sandbox.test/sandbox"),
  ): Promise<OpenApiResponseValidator> {
    // openapi-backend asks for an Ajv per operation and purpose; one per set of options will do
    const instances = new Map<string, Ajv2020>();
    const shared = (opts: Options) => {
      const key = JSON.stringify(opts);
      const ajv = instances.get(key) ?? ajv2020(opts);
      instances.set(key, ajv);
      return ajv;
    };
    const api = new OpenApi31Backend({
      definition: structuredClone(document) as never,
      strict: true,
      customizeAjv: (_draft07, opts) => shared(opts),
    });
    await api.init();
    return new OpenApiResponseValidator(api);
  }

  /** Throws, naming the request, the status and every problem, when the response is not documented. */
  assert(r: ObservedResponse): void {
    const problems = this.problems(r);
    if (problems.length > 0)
      throw new Error(
        `${r.method} ${r.path} answered ${r.status}, which the OpenAPI document does not allow:\n  - ${problems.join("\n  - ")}\n  body: ${r.text.slice(0, 500)}`,
      );
  }

  /** What the document says against a JSON request (openapi-backend's request validator). */
  requestProblems(method: string, path: string, body: unknown): string[] {
    const request = { method, path, headers: { "content-type": "application/json" }, body };
    const operation = this.api.router.matchOperation(request);
    if (!operation) return [`${method} ${path} is not an operation of the document`];
    return describeErrors(this.api.validator.validateRequest(request, operation).errors);
  }

  problems(r: ObservedResponse): string[] {
    const [path = "/", query = ""] = r.path.split("?", 2);
    const request = { method: r.method.toLowerCase(), path, query, headers: {} };
    const operation = this.api.router.matchOperation(request);
    if (operation) {
      const key = statusKey(operation.responses ?? {}, r.status);
      if (!key)
        return [
          `status ${r.status} is not documented for ${operation.operationId} (documented: ${Object.keys(operation.responses ?? {}).join(", ")})`,
        ];
      return this.check(r, (operation.responses as Obj)[key] as Obj, operation);
    }
    const sibling = METHODS.map((method) => this.api.router.matchOperation({ ...request, method })).find(
      Boolean,
    );
    if (sibling) {
      const unlisted = (this.api.definition.paths?.[sibling.path] as Obj | undefined)?.[
        "x-unlisted-methods"
      ] as Obj | undefined;
      const key = unlisted && statusKey(unlisted, r.status);
      if (!unlisted || !key)
        return [
          `${r.method} is not documented on ${sibling.path}, and its x-unlisted-methods allows ${Object.keys(unlisted ?? {}).join(", ") || "nothing"}`,
        ];
      return this.check(r, unlisted[key] as Obj);
    }
    if (r.status !== 404) return [`the path is not in the document, so it must answer 404, not ${r.status}`];
    return this.check(r, (this.api.definition.components?.responses as Obj).NotFound as Obj);
  }

  private check(r: ObservedResponse, response: Obj, operation?: Operation): string[] {
    const problems: string[] = [];
    for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Obj>)) {
      const value = r.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`required header ${name} is missing`);
      } else if (header.schema) {
        const validate = this.validator(header.schema as Obj);
        if (!validate(value))
          problems.push(...describeErrors(validate.errors).map((e) => `header ${name}: ${e}`));
      }
    }
    const content = response.content as Record<string, Obj> | undefined;
    if (!content) {
      if (r.text !== "") problems.push(`a body was sent, but the response documents none`);
      return problems;
    }
    const mediaType = (r.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    const media = content[mediaType];
    if (!media)
      return [
        ...problems,
        `content type "${mediaType}" is not documented (documented: ${Object.keys(content).join(", ")})`,
      ];
    let body: unknown = r.text;
    if (mediaType === "application/json") {
      try {
        body = JSON.parse(r.text);
      } catch {
        return [...problems, "the body is not JSON"];
      }
      if (operation) {
        const result = this.api.validator.validateResponse(body, operation, r.status);
        return [...problems, ...describeErrors(result.errors)];
      }
    }
    const validate = this.validator((media.schema ?? {}) as Obj);
    if (!validate(body)) problems.push(...describeErrors(validate.errors));
    return problems;
  }

  private validator(schema: Obj): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(schema, validate);
    }
    return validate;
  }
}
