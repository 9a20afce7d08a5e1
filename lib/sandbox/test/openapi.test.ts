/**
 * The response check in the harness cannot pass silently: responses that break the document are
 * refused, each for its reason; conforming ones (OpenAPI 3.1 type arrays included) are accepted.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../http/openapi/document";
import { OpenApiResponseValidator, type ObservedResponse } from "./openapi-validator";

let validator: OpenApiResponseValidator;
beforeAll(async () => {
  validator = await OpenApiResponseValidator.create();
});

const JSON_TYPE = "application/json; charset=utf-8";
const response = (
  method: string,
  path: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ObservedResponse => ({
  method,
  path,
  status,
  headers: new Headers({ "content-type": JSON_TYPE, ...headers }),
  text: typeof body === "string" ? body : JSON.stringify(body),
});

const invoice = {
  id: "7f3c2a4e-9b1d-4c6e-8a2f-1e5d9c0b7a61",
  amount: 10.5,
  crypto_amount: null,
  remaining_crypto_amount: null,
  paid_fiat_amount: 0,
  paid_crypto_amount: 0,
  fiat_currency: "USD",
  is_payment_multiple: true,
  created_at: 1700000000,
  expires_at: 1700003600,
  pay_url: "http://sandbox.test/sandbox/pay/7f3c2a4e-9b1d-4c6e-8a2f-1e5d9c0b7a61",
};

describe("OpenAPI response validation", () => {
  it("accepts documented responses, with null in a type array", () => {
    expect(validator.problems(response("POST", "/v1/invoices", 200, invoice))).toEqual([]);
    const fixed = { ...invoice, crypto_amount: 0.0001, remaining_crypto_amount: 0.0001, wallet: "bc1q..." };
    expect(validator.problems(response("POST", "/v1/invoices", 200, fixed))).toEqual([]);
    expect(
      validator.problems(response("POST", "/v1/invoices", 503, { message: "x" }, { "retry-after": "1" })),
    ).toEqual([]);
    expect(validator.problems(response("GET", "/nowhere", 404, { message: "Not found." }))).toEqual([]);
    expect(
      validator.problems(response("GET", "/v1/withdrawals", 405, { message: "no" }, { allow: "POST" })),
    ).toEqual([]);
  });

  it("refuses a status code the operation does not document", () => {
    expect(validator.problems(response("POST", "/v1/invoices", 201, invoice))).toEqual([
      "status 201 is not documented for createInvoice (documented: 200, 400, 401, 413, 422, 503)",
    ]);
    // the control API is never faulted, so a 503 there is not documented
    expect(validator.problems(response("GET", "/control/balances", 503, { message: "x" }))).toHaveLength(1);
  });

  it("refuses a body that does not match the schema for its status", () => {
    const { id: _id, ...withoutId } = invoice;
    expect(validator.problems(response("POST", "/v1/invoices", 200, withoutId)).join()).toMatch(/id/);
    expect(
      validator.problems(response("POST", "/v1/invoices", 200, { ...invoice, crypto_amount: "1.5" })).join(),
    ).toMatch(/crypto_amount/);
    expect(
      validator.problems(response("POST", "/v1/invoices", 200, { ...invoice, surprise: 1 })).join(),
    ).toMatch(/additional/);
    expect(validator.problems(response("POST", "/v1/invoices", 422, { error: "x" })).length).toBeGreaterThan(
      0,
    );
    expect(validator.problems(response("POST", "/v1/invoices", 200, "not json"))).toEqual([
      "the body is not JSON",
    ]);
  });

  it("refuses a wrong content type, a missing required header, an undocumented path or method", () => {
    const html = {
      ...response("GET", "/v1/invoices/x", 404, "<p>no</p>"),
      headers: new Headers({ "content-type": "text/html" }),
    };
    expect(validator.problems(html).join()).toMatch(/content type "text\/html" is not documented/);
    expect(validator.problems(response("POST", "/v1/invoices", 503, { message: "x" })).join()).toMatch(
      /required header Retry-After is missing/,
    );
    expect(validator.problems(response("GET", "/nowhere", 200, {}))).toEqual([
      "the path is not in the document, so it must answer 404, not 200",
    ]);
    expect(validator.problems(response("GET", "/v1/withdrawals", 404, { message: "x" })).join()).toMatch(
      /GET is not documented on \/v1\/withdrawals/,
    );
    expect(validator.problems(response("GET", "/v1/withdrawals", 405, { message: "x" })).join()).toMatch(
      /Allow/,
    );
  });

  it("fails with the method, path, status and the validator's errors", () => {
    expect(() =>
      validator.assert(response("GET", "/control/balances", 200, { balances: [{ currency: "DOGE" }] })),
    ).toThrow(/GET \/control\/balances answered 200[\s\S]*'amount'[\s\S]*currency/);
  });

  it("gives every operation a unique camelCase operationId", () => {
    const paths = openApiDocument("http://sandbox.test/sandbox").paths as Record<
      string,
      Record<string, unknown>
    >;
    const ids = Object.values(paths).flatMap((item) =>
      Object.entries(item)
        .filter(([key]) => !key.startsWith("x-"))
        .map(([, op]) => (op as { operationId: string }).operationId),
    );
    expect(ids.every((id) => /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
