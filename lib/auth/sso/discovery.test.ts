import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestProvider, type TestProvider } from "@/test-support/oidc/test-provider";
import { discover } from "./discovery";

let provider: TestProvider;
beforeAll(async () => {
  provider = await startTestProvider({
    clientId: "paydesk",
    clientSecret: "a-client-secret",
    redirectUris: ["http://127.0.0.1:3000/api/auth/callback/oidc"],
  });
});
afterAll(() => provider.close());

describe("the provider's discovery document, read at start", () => {
  it("is accepted from the issuer it names, with or without a trailing slash", async () => {
    const found = await discover(provider.issuer);
    expect(found.issuer).toBe(provider.issuer);
    expect(found.jwks_uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(found.end_session_endpoint).toBeDefined();
    await expect(discover(`${provider.issuer}/`)).resolves.toMatchObject({ issuer: provider.issuer });
  });

  it("names the issuer to set when the provider calls itself another", async () => {
    const elsewhere = provider.issuer.replace("127.0.0.1", "localhost");
    await expect(discover(elsewhere)).rejects.toThrow(
      `OIDC_ISSUER is ${elsewhere}, but the provider calls itself ${provider.issuer}: set OIDC_ISSUER to that.`,
    );
  });

  it("says what is wrong with an issuer that is not one", async () => {
    await expect(discover(`${provider.issuer}/tenant`)).rejects.toThrow(
      /answered 404, not a discovery document\. Is .*\/tenant the provider's issuer URL\?/,
    );
    const server = createServer((_request, response) => response.end("<html>a login page</html>"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const html = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await expect(discover(html)).rejects.toThrow(/is not JSON/);
    await new Promise((resolve) => server.close(resolve));
    await expect(discover(html)).rejects.toThrow(/could not read .* Check the issuer URL/);
  });
});
