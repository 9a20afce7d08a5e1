import { describe, expect, it } from "vitest";
import { serverBindAddress } from "./bind-address";

const next = (...args: string[]) => [
  "/usr/bin/node",
  "/app/node_modules/next/dist/bin/next",
  "start",
  ...args,
];

describe("the address the server listens on", () => {
  it("is next start's -H, in each way Next.js accepts it", () => {
    expect(serverBindAddress(next("-H", "127.0.0.1", "-p", "3000"), {})).toBe("127.0.0.1");
    expect(serverBindAddress(next("-p", "3000", "--hostname", "0.0.0.0"), {})).toBe("0.0.0.0");
    expect(serverBindAddress(next("--hostname=::1"), {})).toBe("::1");
    expect(serverBindAddress(next("-H0.0.0.0"), {})).toBe("0.0.0.0");
    expect(serverBindAddress(["node", "/app/node_modules/.bin/next", "start", "-H", "localhost"], {})).toBe(
      "localhost",
    );
  });

  it("is every interface (undefined) for next start without -H, whatever HOST says: Next.js ignores HOST", () => {
    expect(serverBindAddress(next("-p", "3000"), { HOST: "127.0.0.1" })).toBeUndefined();
  });

  it("is HOST for any other way of running the server (next dev's worker sees no flags)", () => {
    const devWorker = ["/usr/bin/node", "/app/node_modules/next/dist/server/lib/start-server.js"];
    expect(serverBindAddress(devWorker, { HOST: "127.0.0.1" })).toBe("127.0.0.1");
    expect(serverBindAddress(devWorker, { HOST: "" })).toBeUndefined();
    expect(serverBindAddress(devWorker, {})).toBeUndefined();
  });
});
