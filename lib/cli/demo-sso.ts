// node --import tsx lib/cli/demo-sso.ts <port> <client secret> <Paydesk's port>
// The demo's built-in OpenID provider (PAYDESK_DEMO_SSO=1 with `npm run demo`): its login page
// takes any login and password, and the login is the person: `admin` signs in as admin@example.com.
// Started by lib/cli/demo.mjs beside the demo server, on this machine only.
import { createServer } from "node:http";
import { localOidcProvider, localSigningKey } from "@/lib/demo-sso/local-provider";

const [port, clientSecret, paydeskPort] = process.argv.slice(2);
if (!port || !clientSecret || !paydeskPort) {
  console.error("Usage: demo-sso.ts <port> <client secret> <Paydesk's port>");
  process.exit(2);
}
const issuer = `http://127.0.0.1:${port}`;
const bases = [`http://localhost:${paydeskPort}`, `http://127.0.0.1:${paydeskPort}`];
const provider = localOidcProvider({
  issuer,
  clientId: "paydesk-demo",
  clientSecret,
  redirectUris: bases.map((base) => `${base}/api/auth/callback/oidc`),
  postLogoutRedirectUris: bases.map((base) => `${base}/login?reason=signed-out`),
  accounts: new Map(),
  signingKey: await localSigningKey("demo-key"),
});
const server = createServer(provider.callback());
server.listen(Number(port), "127.0.0.1", () => {
  console.log(
    `[demo] built-in sign-in provider on ${issuer}: any login (admin, finance, support…) and any password`,
  );
});
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
