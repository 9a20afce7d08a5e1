import { describe, expect, it } from "vitest";
import { assertPostgresReachable, describeCause, describeTarget } from "./postgres-reachable";

describe("a PostgreSQL that cannot be reached at start", () => {
  it("is one line naming host, port, database and cause, without the credentials", async () => {
    const url = "postgres://paydesk:s3cret-pass@127.0.0.1:1/paydesk";
    const error = await assertPostgresReachable(url).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(
      /^cannot connect to PostgreSQL at 127\.0\.0\.1:1 \(database paydesk\): .*ECONNREFUSED/,
    );
    expect(message).not.toContain("s3cret-pass");
    expect(message).not.toContain("\n");
  });

  it("names a socket directory as such", () => {
    expect(describeTarget("postgres:///paydesk?host=/var/run/postgresql")).toBe(
      "the socket in /var/run/postgresql (database paydesk)",
    );
  });

  it("takes the cause from the first attempt when every address failed", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" });
    expect(describeCause(new AggregateError([refused, new Error("second")], ""))).toBe(
      "connect ECONNREFUSED ::1:5432",
    );
    const timeout = new Error("Connection terminated due to connection timeout");
    expect(describeCause(timeout)).toBe("Connection terminated due to connection timeout");
    expect(describeCause(Object.assign(new Error("getaddrinfo failed"), { code: "ENOTFOUND" }))).toBe(
      "getaddrinfo failed (ENOTFOUND)",
    );
  });
});
