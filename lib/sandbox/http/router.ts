/** Dispatches a request under basePath to the API, control API, pay page or OpenAPI document. */
import type { RequestScope, SandboxContext } from "../context";
import { handleControl } from "./control";
import { handlePayPage } from "./pay-page";
import { openApiDocument } from "./openapi/document";
import { errorResponse, json } from "./respond";
import { HttpError, notFound } from "../errors";
import { handleV1 } from "./v1";

/** The document's server: publicUrl (or the request's origin) plus basePath, like pay_url. */
function serverUrl({ ctx, request }: RequestScope): string {
  const origin = (ctx.publicUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
  return origin.endsWith(ctx.basePath) ? origin : origin + ctx.basePath;
}

async function dispatch(scope: RequestScope): Promise<Response> {
  const [head, ...rest] = scope.segments;
  switch (head) {
    case "v1":
      return handleV1({ ...scope, segments: rest });
    case "control":
      return handleControl({ ...scope, segments: rest });
    case "pay":
      return handlePayPage({ ...scope, segments: rest });
    case "openapi.json":
      if (rest.length === 0) return json(200, openApiDocument(serverUrl(scope)));
      break;
    case undefined:
      return json(200, {
        name: "Paydesk payment service sandbox",
        openapi: `${scope.ctx.basePath}/openapi.json`,
      });
  }
  throw notFound();
}

export async function route(ctx: SandboxContext, request: Request): Promise<Response> {
  const url = new URL(request.url);
  try {
    const path = url.pathname.replace(/\/+$/, "");
    if (path !== ctx.basePath && !path.startsWith(ctx.basePath + "/")) throw notFound();
    const segments = path.slice(ctx.basePath.length).split("/").filter(Boolean).map(decodeURIComponent);
    return await dispatch({ ctx, request, url, segments });
  } catch (err) {
    if (err instanceof HttpError) return errorResponse(err);
    if (err instanceof URIError) return errorResponse(notFound());
    console.error("[sandbox] unexpected error:", err);
    return json(500, { message: "Server Error" });
  }
}
