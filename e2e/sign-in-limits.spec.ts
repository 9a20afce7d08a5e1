import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, personOfTheirOwn, uniqueEmail } from "./fixtures";

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

/** One credentials sign-in through next-auth, as the login form does, with the answer's cookies. */
async function signInAttempt(
  baseURL: string,
  from: string,
  email: string,
  password: string,
  options: { forwardedFor?: string; extraCookie?: string } = {},
) {
  const csrf = await send(new URL("/api/auth/csrf", baseURL), from);
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const cookie = [...csrf.cookies.map((c) => c.split(";")[0]), options.extraCookie]
    .filter(Boolean)
    .join("; ");
  const answer = await send(new URL("/api/auth/callback/credentials", baseURL), from, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie,
      ...(options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : {}),
    },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }).toString(),
  });
  const { url } = JSON.parse(answer.body) as { url: string };
  return { result: new URL(url).searchParams.get("error") ?? "ok", cookies: answer.cookies };
}

/** The error text, or "ok". */
async function attempt(
  baseURL: string,
  from: string,
  email: string,
  password: string,
  forwardedFor?: string,
) {
  return (await signInAttempt(baseURL, from, email, password, { forwardedFor })).result;
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

test("guesses at an account, even from the owner's own address, never refuse the owner's usual browser", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? "";
  const owner = await personOfTheirOwn(base, {
    email: uniqueEmail("owner"),
    name: "Owner",
    role: "viewer",
    password: "owner-password-123",
  });

  // The owner signs in once from 127.0.0.4: that browser is now known to the account.
  const first = await signInAttempt(base, "127.0.0.4", owner.email, owner.password);
  expect(first.result).toBe("ok");
  const known = first.cookies
    .map((c) => c.split(";")[0])
    .find((c) => c?.startsWith("paydesk-known-browser="));
  expect(known).toBeDefined();

  // Someone behind the same address guesses until the account is locked to browsers it does not know.
  for (let i = 0; i < 5; i++) {
    expect(await attempt(base, "127.0.0.4", owner.email, `guess-${i}`)).toBe("Wrong email or password.");
  }
  expect(await attempt(base, "127.0.0.4", owner.email, owner.password)).toMatch(/Too many failed/);
  // The owner's browser still signs in with the right password, and the guesser stays locked out.
  expect(
    (await signInAttempt(base, "127.0.0.4", owner.email, owner.password, { extraCookie: known })).result,
  ).toBe("ok");
  expect(await attempt(base, "127.0.0.4", owner.email, owner.password)).toMatch(/Too many failed/);
});
