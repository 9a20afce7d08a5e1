import { can, type Action } from "../lib/auth/permissions";
import {
  appEntries,
  declaredAccess,
  isDynamic,
  routeMethods,
  urlOf,
  type AppEntry,
} from "./support/app-tree";
import { CALLERS, expect, test, type Caller } from "./support/callers";
import { callAction, codeOf, discoverActions } from "./support/server-actions";

/**
 * Issue #9: authorization, exhaustively. Every server action in the build's manifest and every
 * page and route handler under app/ is called as nobody and as each role, and each answer is
 * checked against the permission table (lib/auth/permissions.ts). An action or a route nobody
 * gave an entry fails the test.
 */

/**
 * The entries for server actions: export name → the permission it must demand. The test checks
 * each action's answers against `can(role, permission)`, so this says what the action should
 * require; the action's own `defineAction({ permission })` is what it does require.
 */
const ACTION_PERMISSIONS: Record<string, Action> = {
  createUserAction: "users:manage",
  changeRoleAction: "users:manage",
  setUserDisabledAction: "users:manage",
  resetTwoFactorAction: "users:manage",
  checkConnectionAction: "service:manage",
  setApprovalThresholdAction: "settings:manage",
  setSsoSecondFactorAction: "settings:manage",
  createInvoiceAction: "invoices:create",
  resendInvoiceAction: "invoices:create",
  refreshInvoiceAction: "invoices:view",
  acceptAsPaidAction: "invoices:resolve",
  markResolvedAction: "invoices:resolve",
  requestWithdrawalAction: "withdrawals:request",
  requestRefundAction: "withdrawals:request",
  cancelWithdrawalAction: "withdrawals:request",
  approveWithdrawalAction: "withdrawals:approve",
  retryWithdrawalAction: "withdrawals:approve",
  rejectWithdrawalAction: "withdrawals:approve",
  keepRetryingWithdrawalAction: "withdrawals:approve",
  closeWithdrawalAction: "withdrawals:approve",
  confirmNothingSentAction: "withdrawals:approve",
  declineCloseAction: "withdrawals:approve",
  proposePaidAction: "withdrawals:approve",
  confirmPaidAction: "withdrawals:approve",
  declinePaidAction: "withdrawals:approve",
  reprocessWebhookEventAction: "webhooks:reprocess",
  reviewUnmatchedReportAction: "withdrawals:approve",
  approveChangeAction: "changes:decide",
  rejectChangeAction: "changes:decide",
  cancelChangeAction: "changes:decide",
  confirmTwoFactorAction: "account:manage",
  markNotificationsReadAction: "notifications:read",
  muteNotificationsAction: "notifications:read",
  turnOffTwoFactorAction: "account:manage",
  endMySessionAction: "account:manage",
  saveDisplayPreferencesAction: "account:manage",
  emailInvoiceAction: "invoices:create",
  saveMailIdentityAction: "settings:manage",
  setReportingCurrencyAction: "settings:manage",
  saveMailPreferencesAction: "account:manage",
  sendMailAgainAction: "mail:manage",
  adoptBrowserTimeZoneAction: "account:manage",
  endMyOtherSessionsAction: "account:manage",
  endUserSessionsAction: "users:manage",
  renewInvitationAction: "users:manage",
  resetPasswordAction: "users:manage",
  changeMyPasswordAction: "account:manage",
  confirmPasswordAction: "account:manage",
  startAuthenticatorAppAction: "account:manage",
  makeNewRecoveryCodesAction: "account:manage",
  addPasskeyAction: "account:manage",
  removePasskeyAction: "account:manage",
};

/**
 * Server actions open to anyone, each with the reason: whoever calls them proves who they are
 * with what they send. Every caller, signed in or not, gets the same answers from them.
 */
const PUBLIC_ACTIONS: Record<string, string> = {
  choosePasswordAction:
    "choosing one's password through a one-time link: the link's token is the credential, and nobody is signed in yet",
};

/**
 * Pages and route handlers open to anyone, each with the reason. Every other page and route must
 * declare its access in its own source (see declaredAccess in support/app-tree.ts).
 */
const PUBLIC_ROUTES: Record<string, string> = {
  "app/login/page.tsx": "the sign-in page itself",
  "app/join/[token]/page.tsx":
    "choosing one's password through a one-time link (an invitation or a reset): the token in the URL is the credential",
  "app/api/auth/[...nextauth]/route.ts": "next-auth's endpoints: sign-in, CSRF token, session",
  "app/api/session/end/route.ts": "only clears session cookies and sends the person to /login",
  "app/api/session/provider-sign-out/route.ts":
    "the company provider's sign-out address for the caller's own single sign-on session, null without one; changes nothing",
  "app/api/health/route.ts": "liveness for a load balancer: answers {status: ok}, reads nothing",
  "app/api/metrics/route.ts":
    "Prometheus metrics: 404 while METRICS_TOKEN is unset, then only with that bearer token (401 without), never a session",
  "app/api/ready/route.ts":
    "readiness for a load balancer: 200 or 503 with problems naming kinds of failure, never a host or a credential",
  "app/api/passkeys/sign-in-options/route.ts":
    "the sign-in page's passkey prompt (a challenge), limited per address; tells nothing of accounts",
  "app/api/webhooks/payments/route.ts": "the payment service's webhooks, authenticated by their signature",
  "app/sandbox/[[...path]]/route.ts":
    "the embedded payment service sandbox, authenticated by its own merchant keys",
  "app/api/mail/unsubscribe/route.ts":
    "one-click unsubscribe from a category of staff email (RFC 8058): the link's HMAC is the credential, for that one person and category",
  "app/sandbox/mail/[[...path]]/route.ts":
    "the demo's mailbox: 404 unless the mail catcher runs (PAYDESK_MAIL_CATCHER=embedded, only in demo mode), as a customer's inbox is theirs to read",
};

/** Any string no action's schema accepts: an allowed caller gets `invalid`, and nothing runs. */
const PROBE = "authorization-matrix-probe";

const actions = discoverActions();
const entries = appEntries();

test.describe("server actions", () => {
  test("the build has actions, and each one has an entry", () => {
    expect(actions.length).toBeGreaterThan(0);
    const missing = actions.filter(
      (action) => !(action.exportName in ACTION_PERMISSIONS) && !(action.exportName in PUBLIC_ACTIONS),
    );
    expect(
      missing.map((a) => `${a.file}#${a.exportName}`),
      "actions with no entry",
    ).toEqual([]);
    const names = actions.map((action) => action.exportName);
    expect(new Set(names).size, "export names are unique across action files").toBe(names.length);
    const stale = [...Object.keys(ACTION_PERMISSIONS), ...Object.keys(PUBLIC_ACTIONS)].filter(
      (name) => !names.includes(name),
    );
    expect(stale, "entries for actions the build does not have").toEqual([]);
    const both = Object.keys(PUBLIC_ACTIONS).filter((name) => name in ACTION_PERMISSIONS);
    expect(both, "listed as public, yet given a permission: which is it?").toEqual([]);
  });

  for (const action of actions) {
    test(`${action.exportName} (${action.file}) as nobody and every role`, async ({ callers, baseURL }) => {
      const permission = ACTION_PERMISSIONS[action.exportName];
      const open = action.exportName in PUBLIC_ACTIONS;
      test.skip(!permission && !open, "no entry: the test above fails for it");
      if ((!permission && !open) || !baseURL) return;
      const seen: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const caller of CALLERS) {
        const answer = await callAction(callers[caller], baseURL, action, [PROBE]);
        expect(answer.status, `${caller}: HTTP status; body: ${answer.body}`).toBe(200);
        seen[caller] = codeOf(answer.result);
        expected[caller] =
          open || !permission
            ? "invalid"
            : caller === "nobody"
              ? "unauthenticated"
              : can(caller, permission)
                ? "invalid"
                : "forbidden";
      }
      expect(seen, `answers to ${action.exportName}, which needs ${permission ?? "nothing"}`).toEqual(
        expected,
      );
    });
  }
});

interface Expectation {
  /** Status codes (and for a redirect, the path it goes to) this caller may get. */
  describe: string;
  check: (status: number, location: string | undefined) => boolean;
}

function expectationFor(entry: AppEntry, caller: Caller): Expectation {
  const access = declaredAccess(entry);
  const allowed =
    access.kind === "signed-in"
      ? caller !== "nobody"
      : access.kind === "permission" && caller !== "nobody" && can(caller, access.permission);
  const okStatuses = entry.kind === "page" ? [200, ...(isDynamic(entry.route) ? [404] : [])] : [];
  if (allowed) {
    return entry.kind === "page"
      ? { describe: okStatuses.join(" or "), check: (status) => okStatuses.includes(status) }
      : {
          // A route handler may still refuse the request itself (a random id: 404; no address: 400).
          describe: "not 401/403, below 500",
          check: (status) => status !== 401 && status !== 403 && status < 500,
        };
  }
  if (caller === "nobody") {
    return entry.kind === "page"
      ? {
          describe: "307 to /login",
          check: (status, location) =>
            status === 307 && location?.replace(/^https?:\/\/[^/]+/, "") === "/login",
        }
      : { describe: "401", check: (status) => status === 401 };
  }
  return { describe: "403", check: (status) => status === 403 };
}

test.describe("pages and route handlers", () => {
  test("the app tree has pages and routes, and each one is public or declares its access", () => {
    expect(entries.filter((entry) => entry.kind === "page").length).toBeGreaterThan(0);
    expect(entries.filter((entry) => entry.kind === "route").length).toBeGreaterThan(0);
    const files = entries.map((entry) => entry.file);
    const undeclared = entries
      .filter((entry) => !(entry.file in PUBLIC_ROUTES))
      .filter((entry) => {
        const access = declaredAccess(entry);
        return access.kind === "none" || access.kind === "ambiguous";
      })
      .map((entry) => `${entry.file}: ${JSON.stringify(declaredAccess(entry))}`);
    expect(undeclared, "pages and routes with no entry (or an unclear one)").toEqual([]);
    const stale = Object.keys(PUBLIC_ROUTES).filter((file) => !files.includes(file));
    expect(stale, "public entries for files that no longer exist").toEqual([]);
    const declaredAndPublic = Object.keys(PUBLIC_ROUTES)
      .map((file) => entries.find((entry) => entry.file === file))
      .filter(
        (entry): entry is AppEntry => Boolean(entry) && declaredAccess(entry as AppEntry).kind !== "none",
      )
      .map((entry) => entry.file);
    expect(declaredAndPublic, "listed as public, yet checking access: which is it?").toEqual([]);
  });

  const protectedEntries = entries.filter((entry) => !(entry.file in PUBLIC_ROUTES));
  for (const entry of protectedEntries) {
    const methods = entry.kind === "page" ? (["GET"] as const) : routeMethods(entry.source);
    for (const method of methods) {
      test(`${method} ${entry.route} (${entry.file}) as nobody and every role`, async ({ callers }) => {
        const access = declaredAccess(entry);
        test.skip(
          access.kind === "none" || access.kind === "ambiguous",
          "no entry: the test above fails for it",
        );
        const seen: Record<string, string> = {};
        const expected: Record<string, string> = {};
        for (const caller of CALLERS) {
          const response = await callers[caller].fetch(urlOf(entry.route), { method, maxRedirects: 0 });
          const status = response.status();
          const location = response.headers()["location"];
          const expectation = expectationFor(entry, caller);
          seen[caller] = expectation.check(status, location)
            ? expectation.describe
            : `${status}${location ? ` → ${location}` : ""}`;
          expected[caller] = expectation.describe;
          if (entry.kind === "page" && status === 403) {
            // The app's forbidden page (app/forbidden.tsx), rendered from this digest.
            await expect(response.text()).resolves.toContain("NEXT_HTTP_ERROR_FALLBACK;403");
          }
        }
        expect(seen, `${method} ${entry.route}, which needs ${JSON.stringify(access)}`).toEqual(expected);
      });
    }
  }
});
