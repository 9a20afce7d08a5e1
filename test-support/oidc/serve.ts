// node --import tsx test-support/oidc/serve.ts <port> <client id> <client secret> <Paydesk's base URL>
// The test OpenID provider (test-provider.ts) in a process of its own, for the e2e run's server
// outside demo mode: e2e/non-demo-server.setup.ts starts it, its teardown stops it.
import { startTestProvider } from "./test-provider";

const [port, clientId, clientSecret, paydesk] = process.argv.slice(2);
if (!port || !clientId || !clientSecret || !paydesk) {
  console.error("Usage: serve.ts <port> <client id> <client secret> <Paydesk's base URL>");
  process.exit(2);
}
const bases = [paydesk, paydesk.replace("127.0.0.1", "localhost")];
const provider = await startTestProvider({
  port: Number(port),
  clientId,
  clientSecret,
  redirectUris: bases.map((base) => `${base}/api/auth/callback/oidc`),
  postLogoutRedirectUris: bases.map((base) => `${base}/login?reason=signed-out`),
  control: true,
});
console.log(`test OpenID provider at ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
