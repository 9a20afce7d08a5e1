/**
 * The OpenAPI 3.1 document of exactly what the sandbox serves: every path, every status code it
 * can answer, and request schemas as lenient as the sandbox is. The tests validate every response
 * they receive against it (test/openapi-validator.ts) and `npm run lint:openapi` lints it.
 */
import { controlPaths } from "./control";
import type { Schema } from "./helpers";
import { inputSchemas } from "./inputs";
import { pagePaths } from "./pages";
import { sharedResponses } from "./responses";
import { outputSchemas } from "./schemas";
import { v1Paths } from "./v1";

const description = `Embedded implementation of the payment service's API (docs/service-api.md), plus a control API for tests and demos and the hosted pay page.

Every status code an operation can answer is listed on it. Besides those:

- a path not listed here answers 404 (\`NotFound\`);
- a method a listed path does not serve answers what the path's \`x-unlisted-methods\` says: 405 with an \`Allow\` header on /v1 paths, 404 (\`NotFound\`) on control and pay page paths, and the GET answer on / and /openapi.json, which do not look at the method;
- an unexpected server error answers 500 \`{"message": "Server Error"}\`; it is a bug, so it is deliberately not documented.

JSON bodies are read losslessly: numbers keep their source text. An empty body counts as \`{}\`.`;

export function openApiDocument(serverUrl: string): Schema {
  return {
    openapi: "3.1.0",
    info: {
      title: "Payment service sandbox",
      version: "1.0.0",
      description,
      license: { name: "Proprietary (Paydesk)", identifier: "LicenseRef-Paydesk" },
    },
    servers: [{ url: serverUrl, description: "This sandbox" }],
    tags: [
      {
        name: "Service API",
        description: "The payment service API of docs/service-api.md. Subject to injected faults.",
      },
      {
        name: "Control API",
        description: "What a test or demo needs and the real service does by itself. Never faulted.",
      },
      { name: "Pay page", description: "The hosted payment page behind pay_url (HTML, open)." },
      { name: "Meta", description: "The service index and this document." },
    ],
    paths: { ...v1Paths, ...controlPaths, ...pagePaths },
    components: {
      securitySchemes: {
        invoiceKey: { type: "http", scheme: "bearer", description: "The merchant's invoice key" },
        withdrawalKey: { type: "http", scheme: "bearer", description: "The merchant's withdrawal key" },
      },
      schemas: { ...inputSchemas, ...outputSchemas },
      responses: sharedResponses,
    },
  };
}
