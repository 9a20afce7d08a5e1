import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import { expect, request, type Browser, type Page } from "@playwright/test";
import { callAction, discoverActions, type ServerAction } from "./support/server-actions";
import { rememberSecret, runDir } from "./support/server-log";

export const DEMO_PASSWORD = "paydesk-demo";

export const DEMO = {
  admin: "admin@example.com",
  admin2: "admin2@example.com",
  support: "support@example.com",
  finance: "finance@example.com",
  finance2: "finance2@example.com",
  viewer: "viewer@example.com",
} as const;
export type DemoRole = keyof typeof DEMO;

/** Signs in through the form, as a person does: for specs about signing in and their own users. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("signed-in-user")).toContainText(email);
}

/** Where e2e/auth.setup.ts keeps a demo user's signed-in browser state for this run. */
function storageStateOf(role: DemoRole): string {
  return path.join(runDir(), "auth", `${role}.json`);
}

type BrowserContext = Awaited<ReturnType<Browser["newContext"]>>;

/** Keeps the context's browser state as the run's session of a demo user (written whole, then renamed). */
export async function keepSession(context: BrowserContext, role: DemoRole): Promise<void> {
  const file = storageStateOf(role);
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  const state = await context.storageState({ path: partial });
  renameSync(partial, file);
  for (const cookie of state.cookies) {
    if (cookie.name.includes("session-token")) rememberSecret("a session cookie", cookie.value);
  }
}

/**
 * The file holding the run's session of a demo user: e2e/auth.setup.ts's, or, when a spec runs
 * without its setup project (`--no-deps`), one made here the same way, through the form.
 */
export async function sessionOf(browser: Browser, role: DemoRole): Promise<string> {
  const file = storageStateOf(role);
  if (existsSync(file)) return file;
  const context = await browser.newContext();
  try {
    await signIn(await context.newPage(), DEMO[role]);
    await keepSession(context, role);
  } finally {
    await context.close();
  }
  return file;
}

/**
 * Signs the page's browser context in as a demo user with the run's session (sessionOf: its cookie,
 * no form), in place of whoever was signed in there. It navigates nowhere: the caller goes where
 * the test starts.
 */
export async function signInAs(page: Page, role: DemoRole) {
  const browser = page.context().browser();
  if (!browser) throw new Error("signInAs needs a page from a browser's context");
  const { cookies } = JSON.parse(readFileSync(await sessionOf(browser, role), "utf8")) as {
    cookies: Parameters<BrowserContext["addCookies"]>[0];
  };
  await page.context().clearCookies();
  await page.context().addCookies(cookies);
}

/** A blank page in a browser context of its own (with `options`), signed in as a demo user (see signInAs). */
export async function newPageAs(
  browser: Browser,
  role: DemoRole,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<Page> {
  const context = await browser.newContext({ ...options, storageState: await sessionOf(browser, role) });
  return context.newPage();
}

/** An email no other test (or earlier run on the same database) has used. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * The admin creates the user on the Users page; Paydesk shows them the person's invitation link,
 * once. Returns the link, copied from where it is shown. `told`: the message Paydesk shows on
 * success, checked while it shows (it does not follow to the next page).
 */
export async function inviteAsAdmin(
  page: Page,
  user: { email: string; name: string; role: string },
  told?: RegExp,
) {
  await page.goto("/admin/users/new");
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Role").selectOption(user.role);
  await page.getByRole("button", { name: "Create user" }).click();
  if (told) await expect(page.getByText(told)).toBeVisible();
  return takeOneTimeLink(page, `Invitation link for ${user.email}`);
}

/** Reads the one-time link Paydesk shows (once) and closes the dialog that shows it. */
export async function takeOneTimeLink(page: Page, title: string): Promise<string> {
  const shown = page.getByTestId("one-time-link");
  await expect(shown.getByRole("heading", { name: title })).toBeVisible();
  const link = await shown.getByTestId("one-time-link-url").inputValue();
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toHaveCount(0);
  return link;
}

/** The person opens their link in a browser of their own and chooses their password, as a person would. */
export async function choosePasswordThroughLink(browser: Browser, link: string, password: string) {
  const context = await browser.newContext();
  try {
    rememberSecret("an invitation link", new URL(link).pathname.split("/").pop() ?? "");
    rememberSecret("a chosen password", password);
    const page = await context.newPage();
    await page.goto(link);
    await page.getByLabel("New password").fill(password);
    await page.getByLabel("Type it again").fill(password);
    await page.getByRole("button", { name: "Set my password" }).click();
    await expect(page).toHaveURL(/\/login\?reason=password-set/);
  } finally {
    await context.close();
  }
}

/**
 * A new user who can sign in: the admin invites them, and they choose `password` through the link
 * in a browser of their own. The admin never types or sees a password.
 */
export async function createUserAsAdmin(
  page: Page,
  user: { email: string; name: string; role: string; password: string },
) {
  const link = await inviteAsAdmin(page, user);
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId(`user-row-${user.email}`)).toBeVisible();
  const browser = page.context().browser();
  if (!browser) throw new Error("createUserAsAdmin needs a page from a browser's context");
  await choosePasswordThroughLink(browser, link, user.password);
  // The admin's list as it is now: they have a password, no longer an invitation.
  await page.reload();
  await expect(page.getByTestId(`user-row-${user.email}`)).not.toContainText("Link expires");
}

/**
 * Opens the notifications panel until it lists an entry matching `name` (opening it reads it
 * afresh; the page is not reloaded) and returns that entry's link, with the panel open.
 */
export async function notificationMatching(page: Page, name: RegExp) {
  const item = page.getByTestId("notifications").getByRole("link", { name });
  await expect(async () => {
    await page.getByTestId("notifications-button").click();
    try {
      await expect(item).toBeVisible({ timeout: 2_000 });
    } catch (error) {
      await page.keyboard.press("Escape");
      throw error;
    }
  }).toPass({ timeout: 40_000, intervals: [1_000] });
  return item;
}

function actionNamed(name: string): ServerAction {
  const action = discoverActions().find((candidate) => candidate.exportName === name);
  if (!action) throw new Error(`the build has no server action ${name}`);
  return action;
}

/** Calls a server action over HTTP as the browser's router does and returns its data, or throws. */
async function callActionOrThrow(
  caller: Awaited<ReturnType<typeof request.newContext>>,
  baseURL: string,
  name: string,
  input: unknown,
): Promise<unknown> {
  const answer = await callAction(caller, baseURL, actionNamed(name), [input]);
  const result = answer.result as { ok?: boolean; data?: unknown } | undefined;
  if (!result?.ok)
    throw new Error(`${name} failed (${answer.status}): ${JSON.stringify(result) ?? answer.body}`);
  return result.data;
}

/**
 * An API client signed in as the first demo admin: with the run's session, else (a spec run
 * without its setup project) signed in over HTTP as the form does.
 */
async function adminApi(baseURL: string) {
  const file = storageStateOf("admin");
  if (existsSync(file)) return request.newContext({ baseURL, storageState: file });
  const api = await request.newContext({ baseURL });
  const { csrfToken } = (await (await api.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const answer = await api.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: DEMO.admin, password: DEMO_PASSWORD, json: "true" },
  });
  const { url } = (await answer.json()) as { url: string };
  const error = new URL(url, baseURL).searchParams.get("error");
  if (error) throw new Error(`the demo admin could not sign in: ${error}`);
  return api;
}

/**
 * A person of the test's own, who can sign in with `password`: the first demo admin creates them
 * and they choose their password through their invitation link, each through the server action
 * the pages use (over HTTP, with the admin's session from e2e/auth.setup.ts), not through the
 * browser. Specs about inviting use inviteAsAdmin and choosePasswordThroughLink instead. A finance
 * or admin role waits for a second admin, as on the Users page.
 */
export async function personOfTheirOwn(
  baseURL: string,
  user: { email: string; name: string; role: string; password: string },
): Promise<{ id: string; email: string; password: string }> {
  const admin = await adminApi(baseURL);
  const anonymous = await request.newContext({ baseURL });
  try {
    const created = (await callActionOrThrow(admin, baseURL, "createUserAction", {
      email: user.email,
      name: user.name,
      role: user.role,
    })) as { id: string; link: { url: string } };
    const token = new URL(created.link.url).pathname.split("/").pop() ?? "";
    rememberSecret("an invitation link", token);
    rememberSecret("a chosen password", user.password);
    await callActionOrThrow(anonymous, baseURL, "choosePasswordAction", {
      token,
      password: user.password,
      confirmPassword: user.password,
    });
    return { id: created.id, email: user.email, password: user.password };
  } finally {
    await Promise.all([admin.dispose(), anonymous.dispose()]);
  }
}
