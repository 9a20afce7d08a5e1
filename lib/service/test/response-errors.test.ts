import { describe, expect, it } from "vitest";
import {
  InsufficientFunds,
  InvalidSign,
  NotFound,
  RateLimited,
  Unauthorized,
  Unavailable,
  UnexpectedResponse,
  ValidationFailed,
} from "../errors";
import { errorFromAnswer, parseRetryAfter } from "../response-errors";

const answer = (status: number, text: string, headers: Record<string, string> = {}) =>
  errorFromAnswer({ status, text, headers: new Headers(headers) });

describe("errorFromAnswer", () => {
  it("401 and 403 are Unauthorized, with or without a body", () => {
    const e = answer(401, '{"message":"Unauthenticated."}');
    expect(e).toBeInstanceOf(Unauthorized);
    expect(e.kind).toBe("unauthorized");
    expect(e.serviceMessage).toBe("Unauthenticated.");
    expect(answer(401, "")).toBeInstanceOf(Unauthorized);
    expect(answer(403, "<html>Forbidden</html>")).toBeInstanceOf(Unauthorized);
  });

  it("422 with field errors is ValidationFailed keyed by input field names", () => {
    const e = answer(
      422,
      '{"message":"The order id field is required.","errors":{"order_id":["The order id field is required."],"additional_data.user_id":["bad"],"lifetime":"too long"}}',
    );
    expect(e).toBeInstanceOf(ValidationFailed);
    const v = e as ValidationFailed;
    expect(v.source).toBe("service");
    expect(v.fieldErrors).toEqual({
      orderId: ["The order id field is required."],
      "additionalData.user_id": ["bad"],
      lifetime: ["too long"],
    });
    expect(v.userMessage).toBe("The order id field is required.");
  });

  it("422 with only errors, only a message, a list of errors, or nothing at all", () => {
    expect((answer(422, '{"errors":{"amount":["x"]}}') as ValidationFailed).fieldErrors).toEqual({
      amount: ["x"],
    });
    expect((answer(422, '{"message":"Bad"}') as ValidationFailed).formErrors).toEqual([]);
    expect((answer(422, '{"errors":["a","b"]}') as ValidationFailed).formErrors).toEqual(["a", "b"]);
    const bare = answer(422, "Unprocessable");
    expect(bare).toBeInstanceOf(ValidationFailed);
    expect(bare.userMessage).toBe("The payment service did not accept some of the details.");
  });

  it("422 insufficient funds, in the message or in the errors", () => {
    expect(answer(422, '{"message":"Insufficient funds"}')).toBeInstanceOf(InsufficientFunds);
    expect(answer(422, '{"errors":{"amount":["Insufficient funds on balance"]}}')).toBeInstanceOf(
      InsufficientFunds,
    );
    expect(answer(422, '{"message":"insufficient_funds"}').kind).toBe("insufficient_funds");
  });

  it("422 invalid sign, in the message or as the sign field's error", () => {
    expect(answer(422, '{"message":"Invalid sign"}')).toBeInstanceOf(InvalidSign);
    expect(answer(422, '{"errors":{"sign":["The sign is invalid."]}}')).toBeInstanceOf(InvalidSign);
    // A missing sign is a validation problem, not a bad signature.
    expect(answer(422, '{"errors":{"sign":["The sign field is required."]}}')).toBeInstanceOf(
      ValidationFailed,
    );
  });

  it("404 is NotFound", () => {
    expect(answer(404, '{"message":"Not found."}')).toBeInstanceOf(NotFound);
    expect(answer(404, "<h1>404</h1>").kind).toBe("not_found");
  });

  it("429 is RateLimited with Retry-After in seconds or as an HTTP date", () => {
    const e = answer(429, "slow down", { "Retry-After": "3" }) as RateLimited;
    expect(e).toBeInstanceOf(RateLimited);
    expect(e.retryAfterMs).toBe(3000);
    expect((answer(429, "") as RateLimited).retryAfterMs).toBeUndefined();
    expect(
      parseRetryAfter("Wed, 21 Oct 2015 07:28:05 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT")),
    ).toBe(5000);
    expect(
      parseRetryAfter("Wed, 21 Oct 2015 07:28:05 GMT", Date.parse("Wed, 21 Oct 2015 08:00:00 GMT")),
    ).toBe(0);
    expect(parseRetryAfter("soon")).toBeUndefined();
  });

  it("5xx is Unavailable(server_error), HTML bodies included", () => {
    const e = answer(502, "<html><body>Bad gateway</body></html>") as Unavailable;
    expect(e).toBeInstanceOf(Unavailable);
    expect(e.reason).toBe("server_error");
    expect(e.status).toBe(502);
    expect(e.userMessage).toBe("The payment service had an internal error.");
  });

  it("other statuses are UnexpectedResponse with a snippet of the body", () => {
    const e = answer(302, "x".repeat(2000)) as UnexpectedResponse;
    expect(e).toBeInstanceOf(UnexpectedResponse);
    expect(e.bodySnippet?.length).toBeLessThan(600);
    expect(answer(409, "{}").kind).toBe("unexpected_response");
  });

  it("every error has a user sentence and a name", () => {
    for (const e of [
      answer(401, ""),
      answer(404, ""),
      answer(422, ""),
      answer(429, ""),
      answer(500, ""),
      answer(418, ""),
    ]) {
      expect(e.userMessage).toMatch(/^[A-Z].*\.$/);
      expect(e.name).not.toBe("Error");
    }
  });
});
