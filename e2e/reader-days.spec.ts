import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { personOfTheirOwn, signIn, uniqueEmail } from "./fixtures";

// Issue 37: dates in the reader's zone. Pacific/Kiritimati (UTC+14) and Pacific/Pago_Pago
// (UTC-11) are 25 hours apart, so at any moment their calendars show different days: the same
// invoice, made now, is "today" for each of them on a different date, and each one's date filter,
// list and CSV go by their own day.

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A calendar day in `timeZone`, as the date filter takes it (YYYY-MM-DD) and as pages show it. */
function dayIn(timeZone: string, at: Date) {
  const iso = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
  const shown = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(at);
  return { iso, shown };
}

async function readerIn(browser: Browser, baseURL: string, timeZone: string, name: string): Promise<Page> {
  const person = await personOfTheirOwn(baseURL, {
    email: uniqueEmail(`days-${timeZone.split("/")[1]?.toLowerCase()}`),
    name,
    role: "support",
    password: "eleven clocks in a lighthouse",
  });
  const page = await (await browser.newContext({ timezoneId: timeZone })).newPage();
  await signIn(page, person.email, person.password);
  // The zone is taken from the browser at the first sign-in, in the background.
  await expect(async () => {
    await page.goto("/account/display");
    await expect(page.getByLabel("Time zone")).toHaveValue(timeZone, { timeout: 1_000 });
  }).toPass();
  return page;
}

test("an invoice made now is on each reader's own day, in the list's date filter, its rows and its CSV, at both widths", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const kiritimati = await readerIn(browser, baseURL ?? "", "Pacific/Kiritimati", "Kiri Timati");
  const pagoPago = await readerIn(browser, baseURL ?? "", "Pacific/Pago_Pago", "Pago Pago");

  await kiritimati.goto("/invoices/new");
  await kiritimati.getByLabel("Amount").fill("14.00");
  const orderId = await kiritimati.getByLabel("Order id").inputValue();
  await kiritimati.getByRole("button", { name: "Create invoice" }).click();
  await expect(kiritimati.getByRole("heading", { name: orderId })).toBeVisible();
  const made = new Date();

  const days = { kiritimati: dayIn("Pacific/Kiritimati", made), pagoPago: dayIn("Pacific/Pago_Pago", made) };
  expect(days.kiritimati.iso).not.toBe(days.pagoPago.iso);

  const readers = [
    { name: "kiritimati", page: kiritimati, own: days.kiritimati, other: days.pagoPago },
    { name: "pago-pago", page: pagoPago, own: days.pagoPago, other: days.kiritimati },
  ];
  for (const { name, page, own, other } of readers) {
    const filtered = (day: string) =>
      `/invoices?q=${encodeURIComponent(orderId)}&dateFrom=${day}&dateTo=${day}`;
    for (const viewport of [WIDE, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(filtered(own.iso));
      const rows = page.locator("table tbody tr");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(orderId);
      await expect(rows.first()).toContainText(own.shown);
      await page.screenshot({ path: testInfo.outputPath(`${name}-${viewport.width}.png`), fullPage: true });
      await expectNoAxeViolations(page);

      await page.goto(filtered(other.iso));
      await expect(page.getByText("No invoices match these filters.")).toBeVisible();
    }
    // The CSV follows the same filter, so the same day.
    const csv = (day: string) =>
      page.request
        .get(`/api/invoices/export?q=${encodeURIComponent(orderId)}&dateFrom=${day}&dateTo=${day}`)
        .then((response) => response.text());
    expect(await csv(own.iso)).toContain(orderId);
    expect(await csv(other.iso)).not.toContain(orderId);
  }

  // Kiritimati's home lists it among today's invoices: their today.
  await kiritimati.goto("/");
  await expect(kiritimati.getByTestId("todays-invoices").getByTestId(`today-${orderId}`)).toBeVisible();
});
