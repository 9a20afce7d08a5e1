/**
 * The test OpenID provider beside the server outside demo mode (test-support/oidc/serve.ts): its
 * single sign-on. On the port after that server's (non-demo-server.ts).
 */
const SSO_PORT = Number(process.env.E2E_PORT ?? 3210) + 8;

export const TEST_SSO = {
  port: SSO_PORT,
  issuer: `http://127.0.0.1:${SSO_PORT}`,
  clientId: "paydesk-e2e",
  clientSecret: "paydesk-e2e-client-secret-0123456789",
  name: "Test ID",
};
