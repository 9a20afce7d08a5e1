import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO, newPageAs, type DemoRole } from "./fixtures";
import { requestWithdrawal as requestWithdrawalThroughForm } from "./support/withdrawal-form";

/**
 * Issue 26: Paydesk sends mail through its outbox. The test server runs the demo's mail catcher
 * (PAYDESK_MAIL_CATCHER=embedded, playwright.config.ts), so what it sends shows at /sandbox/mail.
 */

function pageAs(browser: Browser, role: DemoRole): Promise<Page> {
  return newPageAs(browser, role);
}

/** Opens the mailbox until a message to `to` whose subject contains `subject` is listed. */
async function openMail(page: Page, to: string, subject: string) {
  const row = page.getByTestId("mailbox-row").filter({ hasText: to }).filter({ hasText: subject });
  await expect(async () => {
    await page.goto("/sandbox/mail");
    await expect(row.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await row.first().getByRole("link").click();
}

/** A request for a withdrawal through the form; its order id (the emails' subjects carry it). */
async function requestWithdrawal(page: Page, reason: string): Promise<string> {
  return (await requestWithdrawalThroughForm(page, reason)).orderId;
}

test("support emails the payment link; the mailbox shows it, and its link opens the payment page", async ({
  browser,
}) => {
  const support = await pageAs(browser, "support");
  const customer = `cleo-${Date.now()}@customer.example`;
  await support.goto("/invoices/new");
  await support.getByLabel("Amount").fill("12500.5");
  await support.getByLabel("Customer email (optional)").fill(customer);
  const orderId = await support.getByLabel("Order id").inputValue();
  await support.getByRole("button", { name: "Create invoice" }).click();
  await expect(support.getByRole("heading", { name: orderId })).toBeVisible();
  const payUrl = await support.getByLabel("Payment link").inputValue();

  const card = support.getByTestId("email-card");
  await expect(card.getByLabel("Customer's email")).toHaveValue(customer);
  await card.getByRole("button", { name: "Email the payment link" }).click();
  await expect(support.getByText(`Queued for ${customer}`)).toBeVisible();
  const sending = card.getByTestId("invoice-mail-row").filter({ hasText: customer });
  await expect(sending).toContainText("Payment link to");
  await expect(sending).toContainText("Sent", { timeout: 30_000 });

  // A bad address is refused next to the field, and what was typed stays.
  await card.getByLabel("Customer's email").fill("not an address");
  await card.getByRole("button", { name: "Email the payment link" }).click();
  await expect(card.getByText("Enter an email address like name@example.com.")).toBeVisible();
  await expect(card.getByLabel("Customer's email")).toHaveValue("not an address");

  await openMail(support, customer, orderId);
  await expect(support.getByTestId("mailbox-subject")).toContainText("12,500.50 USD");
  await expect(support.getByTestId("mailbox-text")).toContainText(
    /until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC/,
  );
  // The HTML part shows as the customer sees it, in its own frame under its own policy.
  const htmlPart = support.frameLocator(`iframe[title="The message's HTML part"]`);
  await expect(htmlPart.getByRole("heading", { name: /asks you to pay 12,500\.50 USD/ })).toBeVisible();
  await support.getByTestId("mailbox-links").getByRole("link", { name: payUrl }).click();
  await expect(support).toHaveURL(payUrl);
  await expect(support.getByTestId("invoice-amount")).toHaveText("12500.5 USD");
});

test("finance gets an email when a request waits for them, and none for their own request", async ({
  browser,
}) => {
  const finance = await pageAs(browser, "finance");
  await finance.goto("/account/email");
  await finance.getByLabel("A withdrawal request waits for my approval").selectOption("Email at once");
  await finance.getByRole("button", { name: "Save" }).click();
  await expect(finance.getByText("Saved.")).toBeVisible();

  const support = await pageAs(browser, "support");
  const theirs = await requestWithdrawal(support, "Supplier payment, for the email test");
  await openMail(finance, DEMO.finance, theirs);
  await expect(finance.getByTestId("mailbox-subject")).toContainText("waits for your approval");
  const link = finance.getByTestId("mailbox-links").getByRole("link").filter({ hasText: "/withdrawals/" });
  await expect(link).toHaveCount(1);
  await expect(finance.getByText("list-unsubscribe-post", { exact: true })).toBeVisible();

  // Their own request asks nobody of them: no email. Another request after it shows the loop has
  // sent everything queued before it.
  const own = await requestWithdrawal(finance, "Finance's own request, for the email test");
  const marker = await requestWithdrawal(support, "A later request, for the email test");
  await openMail(finance, DEMO.finance, marker);
  await finance.goto("/sandbox/mail");
  await expect(
    finance.getByTestId("mailbox-row").filter({ hasText: DEMO.finance }).filter({ hasText: own }),
  ).toHaveCount(0);

  // The email's one-click unsubscribe: opening the link only asks; the POST (the page's button, or
  // the mail client's List-Unsubscribe-Post) turns that kind of email off.
  await openMail(finance, DEMO.finance, marker);
  const unsubscribe = finance
    .getByTestId("mailbox-links")
    .getByRole("link")
    .filter({ hasText: "/api/mail/unsubscribe" });
  const href = (await unsubscribe.first().getAttribute("href")) ?? "";
  const asked = await finance.request.get(href);
  expect(await asked.text()).toContain("Stop these emails?");
  await finance.goto("/account/email");
  await expect(finance.getByLabel("A withdrawal request waits for my approval")).toHaveValue("immediate");
  // The page's own button, in the browser (its policy lets the form post back to itself).
  const page = await finance.context().newPage();
  await page.goto(href);
  await page.getByRole("button", { name: "Stop these emails" }).click();
  await expect(page.getByRole("heading", { name: "Unsubscribed" })).toBeVisible();
  await page.close();
  await finance.reload();
  await expect(finance.getByLabel("A withdrawal request waits for my approval")).toHaveValue("off");
  // A link whose token was tampered with turns nothing off.
  const forged = new URL(href);
  forged.searchParams.set("t", "A".repeat(43));
  expect((await finance.request.post(forged.toString())).status()).toBe(400);
});

test("a person gathers a kind of notification into a daily digest at a time in their own zone", async ({
  browser,
}) => {
  // Support's own preferences: the finance test above changes finance's, maybe at the same time.
  const support = await pageAs(browser, "support");
  await support.goto("/account/email");
  const time = support.getByLabel("Daily digest at");
  await time.fill("");
  await support.getByRole("button", { name: "Save" }).click();
  await expect(support.getByText("Give a time of day such as 08:00 (24-hour clock).")).toBeVisible();

  await support.getByLabel("An invoice I created was overpaid or underpaid").selectOption("Daily digest");
  await time.fill("07:30");
  await expect(support.getByText(/Every day at this time in your time zone/)).toBeVisible();
  await support.getByRole("button", { name: "Save" }).click();
  await expect(support.getByText("Saved.")).toBeVisible();
  await support.reload();
  await expect(support.getByLabel("An invoice I created was overpaid or underpaid")).toHaveValue("digest");
  await expect(support.getByLabel("Daily digest at")).toHaveValue("07:30");
  await expect(support.getByText(/Every day at this time in your time zone/)).toBeVisible();
  await support.screenshot({ path: test.info().outputPath("account-email-digest.png"), fullPage: true });
});
