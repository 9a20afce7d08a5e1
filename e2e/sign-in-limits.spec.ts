import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD } from "./fixtures";

// Sign-in attempts sent from other loopback addresses (127.0.0.x), so this test's failures never
// count against the address every other test signs in from.
interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

function send(
  url: URL,
  from: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? "GET", localAddress: from, headers: options.headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body, cookies: res.headers["set-cookie"] ?? [] }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** One credentials sign-in through next-auth, as the login form does; the error text or "ok". */
async function attempt(
  baseURL: string,
  from: string,
  email: string,
  password: string,
  forwardedFor?: string,
) {
  const csrf = await send(new URL("/api/auth/csrf", baseURL), from);
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const cookie = csrf.cookies.map((c) => c.split(";")[0]).join("; ");
  const answer = await send(new URL("/api/auth/callback/credentials", baseURL), from, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie,
      ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
    },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }).toString(),
  });
  const { url } = JSON.parse(answer.body) as { url: string };
  return new URL(url).searchParams.get("error") ?? "ok";
}

test("an address that guessed too often is refused, whatever X-Forwarded-For it claims, and nobody else is", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? "";
  const attacker = "127.0.0.2";
  for (let i = 0; i < 30; i++) {
    // Without a trusted proxy, a claimed X-Forwarded-For is ignored: every guess counts against the real peer.
    const answer = await attempt(
      base,
      attacker,
      `guess-${i}-${Date.now()}@example.com`,
      "wrong-password",
      `10.9.${i}.1`,
    );
    expect(answer).toBe("Wrong email or password.");
  }
  expect(await attempt(base, attacker, DEMO.viewer, DEMO_PASSWORD, "10.99.99.99")).toMatch(
    /Too many failed sign-in attempts/,
  );
  // The same account's right password from another client still signs in.
  expect(await attempt(base, "127.0.0.3", DEMO.viewer, DEMO_PASSWORD)).toBe("ok");
});
