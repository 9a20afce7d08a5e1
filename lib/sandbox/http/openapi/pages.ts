/** What is served besides the two APIs: the service index, this document and the hosted pay page. */
import { COIN_CODES, NETWORKS } from "../../catalog";
import { idParam, ok, ref, responseRef, str, unlistedMethods, type Schema } from "./helpers";
import { errors } from "./responses";

const html = (description: string): Schema => ({
  description,
  content: { "text/html": { schema: str({ description: "An HTML page" }) } },
});

const form = (properties: Record<string, Schema>): Schema => ({
  required: true,
  content: {
    "application/x-www-form-urlencoded": {
      schema: { type: "object", required: Object.keys(properties), properties },
    },
  },
});

const payPage = (operationId: string, summary: string, description: string, body: Schema): Schema => ({
  operationId,
  tags: ["Pay page"],
  summary,
  description,
  security: [],
  parameters: [idParam("invoice")],
  requestBody: body,
  responses: {
    "303": responseRef("BackToPayPage"),
    "404": responseRef("PayPageNotFound"),
    ...errors(413),
  },
});

const otherMethods = unlistedMethods(404, responseRef("NotFound"));

// The index and the document do not look at the method: any method gets the same answer.
const serviceInfo = ok("The service index", ref("ServiceInfo"));
const theDocument = ok("The document", {
  type: "object",
  required: ["openapi", "info", "paths"],
  properties: { openapi: { const: "3.1.0" }, info: { type: "object" }, paths: { type: "object" } },
});

export const pagePaths: Record<string, Schema> = {
  "/": {
    ...unlistedMethods(200, serviceInfo),
    get: {
      operationId: "getServiceInfo",
      tags: ["Meta"],
      summary: "Name the service and link this document",
      security: [],
      responses: { "200": serviceInfo },
    },
  },
  "/openapi.json": {
    ...unlistedMethods(200, theDocument),
    get: {
      operationId: "getOpenApiDocument",
      tags: ["Meta"],
      summary: "This OpenAPI document",
      security: [],
      responses: { "200": theDocument },
    },
  },
  "/pay/{id}": {
    ...otherMethods,
    get: {
      operationId: "showPayPage",
      tags: ["Pay page"],
      summary: "The hosted payment page (pay_url)",
      description:
        "Amount, status and expiry; without a method, a form to choose currency and network; with one, the wallet, a QR code and a test payment form.",
      security: [],
      parameters: [
        idParam("invoice"),
        {
          name: "error",
          in: "query",
          description: "A refusal to show, set by the redirects below",
          schema: str(),
        },
      ],
      responses: { "200": html("The page"), "404": responseRef("PayPageNotFound") },
    },
  },
  "/pay/{id}/method": {
    ...otherMethods,
    post: payPage(
      "choosePayPageMethod",
      "Choose currency and network on the pay page",
      "An unsupported pair, or an invoice that is final or already has a method, comes back in ?error=.",
      form({ currency: str({ enum: COIN_CODES }), network: str({ enum: NETWORKS }) }),
    ),
  },
  "/pay/{id}/payments": {
    ...otherMethods,
    post: payPage(
      "sendPayPageTestPayment",
      "Send a test payment from the pay page",
      "A malformed amount or a refused payment comes back in ?error=.",
      form({ amount: str({ pattern: "^\\d{1,15}(\\.\\d{1,18})?$", description: "Crypto amount, > 0" }) }),
    ),
  },
};
