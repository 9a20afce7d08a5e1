import { spawn } from "node:child_process";
import path from "node:path";
import { NON_DEMO, TEST_SSO } from "./non-demo-server";

/**
 * Starts the test OpenID provider (test-support/oidc/serve.ts) in a process group of its own, for
 * the server outside demo mode, and waits until its discovery document answers. Returns the group's id.
 */
export async function startTestSsoProvider(): Promise<number> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(process.cwd(), "test-support/oidc/serve.ts"),
      String(TEST_SSO.port),
      TEST_SSO.clientId,
      TEST_SSO.clientSecret,
      NON_DEMO.base,
    ],
    { stdio: "ignore", detached: true },
  );
  child.unref();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const answered = await fetch(`${TEST_SSO.issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(2_000),
    }).catch(() => null);
    if (answered?.ok) return child.pid ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stopTestSsoProvider(child.pid ?? 0);
  throw new Error("the test OpenID provider did not start");
}

export function stopTestSsoProvider(pid: number): void {
  try {
    if (pid) process.kill(-pid, "SIGTERM");
  } catch {
    // Already gone.
  }
}

/** Makes the provider's next ID token, or the next answer's state, bad in one way (test-provider.ts's Spoil). */
export async function spoilNext(how: "audience" | "expired" | "replayed" | "state"): Promise<void> {
  const answer = await fetch(`${TEST_SSO.issuer}/__test/spoil?next=${how}`, { method: "POST" });
  if (!answer.ok) throw new Error(`the test provider refused to spoil: ${answer.status}`);
}

/** Sets what the provider says of people, by login (their `sub`). */
export async function setTestAccounts(
  accounts: Record<string, { email?: string; email_verified?: boolean; name?: string }>,
): Promise<void> {
  const answer = await fetch(`${TEST_SSO.issuer}/__test/accounts`, {
    method: "POST",
    body: JSON.stringify(accounts),
  });
  if (!answer.ok) throw new Error(`the test provider refused the accounts: ${answer.status}`);
}
