import { describe, expect, it } from "vitest";
import { describeDbFailure } from "./describe-db-failure";
import { TimedOut } from "./time-box";

/** As drizzle reports a driver's error: its own message (the SQL), the driver's as the cause. */
function wrapped(cause: Error): Error {
  return new Error("Failed query: select 1\nparams: ", { cause });
}
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("describeDbFailure", () => {
  it("names the kind of failure from the driver's code, wherever drizzle put it", () => {
    expect(
      describeDbFailure(wrapped(withCode('password authentication failed for user "pay"', "28P01"))),
    ).toBe("authentication failed");
    expect(describeDbFailure(wrapped(withCode('database "paydesk_prod" does not exist', "3D000")))).toBe(
      "the database does not exist",
    );
    expect(describeDbFailure(withCode("getaddrinfo ENOTFOUND db.internal.example", "ENOTFOUND"))).toBe(
      "host name not found",
    );
  });

  it("looks inside a connection attempt to several addresses", () => {
    const attempt = new AggregateError([
      withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED"),
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
    ]);
    expect(describeDbFailure(wrapped(attempt))).toBe("connection refused");
  });

  it("gives only the code of a failure it has no words for, never the driver's message", () => {
    expect(describeDbFailure(wrapped(withCode("out of memory on host db-7", "53200")))).toBe(
      "query failed (SQLSTATE 53200)",
    );
    expect(describeDbFailure(withCode("connect EACCES 10.0.0.1:5432", "EACCES"))).toBe(
      "connection failed (EACCES)",
    );
    expect(describeDbFailure(new Error("postgres://paydesk:s3cret@db.internal/paydesk is weird"))).toBe(
      "query failed",
    );
  });

  it("says how long it waited for a database that did not answer", () => {
    expect(describeDbFailure(new TimedOut(2_000))).toBe("no answer within 2 s");
  });
});
