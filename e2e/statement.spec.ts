import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Page } from "@playwright/test";
import Decimal from "decimal.js";
import ExcelJS from "exceljs";
import { csvRecords } from "../test-support/parse-csv";
import { newPageAs } from "./fixtures";
import {
  approveFromQueue,
  detail,
  PAYER_WALLET,
  requestRefundFromInvoice,
  settleAtService,
} from "./support/refunds";
import { createUsdtInvoice, payInvoice, setSandboxBalance } from "./support/sandbox-invoices";

/**
 * Issue 34, the statement: money moves through the sandbox (a payment, an overpayment refunded),
 * then finance opens the statement of days around today, downloads the summary and the lines as
 * CSV and both as a workbook, and every number in the files is the page's.
 */

const FIGURES = ["opening", "received", "refunded", "paid_out", "fees", "closing"] as const;
type Figures = Record<(typeof FIGURES)[number], string>;
const SUMMARY_COLUMNS: Record<(typeof FIGURES)[number], string> = {
  opening: "opening_balance",
  received: "received",
  refunded: "refunded",
  paid_out: "paid_out",
  fees: "fees",
  closing: "closing_balance",
};

/** Each coin and network's figures as the page shows them (the exact decimals it carries). */
async function pageFigures(page: Page): Promise<Map<string, Figures>> {
  const rows = page.getByTestId("statement-summary").locator("tbody tr");
  const figures = new Map<string, Figures>();
  for (const row of await rows.all()) {
    const id = ((await row.getAttribute("data-testid")) ?? "").replace(/^statement-row-/, "");
    const values = {} as Figures;
    for (const figure of FIGURES) {
      values[figure] =
        (await row
          .getByTestId(`figure-${id}-${figure}`)
          .locator("[data-amount]")
          .getAttribute("data-amount")) ?? "";
    }
    figures.set(id, values);
  }
  return figures;
}

async function download(page: Page, link: string): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("statement-downloads").getByRole("link", { name: link }).click(),
  ]);
  return file;
}

const text = async (file: Download) => readFile((await file.path()) ?? "", "utf8");
const sum = (values: unknown[]) =>
  values.reduce<Decimal>((total, value) => total.plus(String(value)), new Decimal(0));

/** A sheet's rows as records by its first row's names, until the first empty row. */
function sheetRecords(sheet: ExcelJS.Worksheet): Record<string, unknown>[] {
  // A sparse array: an empty row is a hole.
  const rows = Array.from(sheet.getSheetValues() as unknown[][], (row) => (row ?? []).slice(1)).slice(1);
  const [header = [], ...rest] = rows;
  const end = rest.findIndex((row) => row.length === 0);
  return (end === -1 ? rest : rest.slice(0, end)).map((row) =>
    Object.fromEntries(header.map((name, index) => [String(name), row[index]])),
  );
}

test("finance reads the statement of days around today and downloads it: every number in the files is the page's", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await setSandboxBalance(request, "USDT", "100000");
  const support = await newPageAs(browser, "support");
  const invoice = await createUsdtInvoice(support, { customerId: `statement-${Date.now()}` });
  const cryptoAmount = ((await detail(support, "Crypto amount").textContent()) ?? "").split(" ")[0] ?? "";
  await payInvoice(request, invoice.serviceId, new Decimal(cryptoAmount).plus(2).toFixed(), PAYER_WALLET);
  await expect(support.getByTestId("invoice-status")).toHaveText("Overpaid", { timeout: 20_000 });
  const refund = await requestRefundFromInvoice(support, invoice.url, "2");
  const finance = await newPageAs(browser, "finance");
  await approveFromQueue(finance, refund.orderId);
  await expect(finance.getByText("Approved and sent to the payment service.")).toBeVisible();
  await finance.goto(refund.url);
  await settleAtService(finance, request, "paid");
  await expect(finance.getByTestId("withdrawal-state")).toHaveText("Paid out", { timeout: 20_000 });

  await finance.goto("/");
  await finance.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Statement" }).click();
  await expect(finance.getByRole("heading", { name: "Statement", level: 1 })).toBeVisible();
  // Last month by default, its days in the reader's time zone, named.
  await expect(finance.getByTestId("statement-period")).toContainText("Days in your time zone");

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await finance.getByLabel("First day").fill(day(-1));
  await finance.getByLabel("Last day").fill(day(1));
  await finance.getByRole("button", { name: "Show days" }).click();
  await expect(finance).toHaveURL(new RegExp(`from=${day(-1)}&to=${day(1)}`));
  const usdt = finance.getByTestId("statement-row-USDT-TRON");
  await expect(usdt).toBeVisible();

  // Other tests move money meanwhile: the page and the files are compared again until they agree.
  await expect(async () => {
    await finance.reload();
    const shown = await pageFigures(finance);
    expect(new Decimal(shown.get("USDT-TRON")?.refunded ?? "0").gte(2)).toBe(true);
    for (const figures of shown.values()) {
      const { opening, received, refunded, paid_out, fees, closing } = figures;
      expect(new Decimal(opening).plus(received).minus(refunded).minus(paid_out).minus(fees).toFixed()).toBe(
        closing,
      );
    }

    const summary = csvRecords(await text(await download(finance, "Summary (CSV)")));
    expect(new Map(summary.map((row) => [`${row.currency}-${row.network}`, row]))).toEqual(
      new Map(
        [...shown].map(([id, figures]) => [
          id,
          expect.objectContaining(
            Object.fromEntries(FIGURES.map((figure) => [SUMMARY_COLUMNS[figure], figures[figure]])),
          ),
        ]),
      ),
    );

    const lines = csvRecords(await text(await download(finance, "Lines (CSV)")));
    for (const [id, figures] of shown) {
      const own = lines.filter((line) => `${line.currency}-${line.network}` === id);
      expect({
        received: sum(own.map((line) => line.received)).toFixed(),
        refunded: sum(own.map((line) => line.refunded)).toFixed(),
        paid_out: sum(own.map((line) => line.paid_out)).toFixed(),
        fees: sum(own.map((line) => line.fee)).toFixed(),
        change: sum(own.map((line) => line.balance_change)).toFixed(),
      }).toEqual({
        received: figures.received,
        refunded: figures.refunded,
        paid_out: figures.paid_out,
        fees: figures.fees,
        change: new Decimal(figures.closing).minus(figures.opening).toFixed(),
      });
    }
    expect(
      lines.some((line) => line.invoice_order_id === invoice.orderId && line.what === "Payment received"),
    ).toBe(true);

    const workbook = new ExcelJS.Workbook();
    const xlsx = await readFile((await (await download(finance, "Summary and lines (XLSX)")).path()) ?? "");
    await workbook.xlsx.load(new Uint8Array(xlsx).buffer);
    const [summarySheet, linesSheet] = workbook.worksheets;
    if (!summarySheet || !linesSheet) throw new Error("the workbook lacks its sheets");
    for (const row of sheetRecords(summarySheet)) {
      const figures = shown.get(`${String(row.currency)}-${String(row.network)}`);
      expect(figures).toBeDefined();
      for (const figure of FIGURES) {
        expect(new Decimal(String(row[SUMMARY_COLUMNS[figure]])).toFixed()).toBe(figures?.[figure]);
      }
    }
    const bookLines = sheetRecords(linesSheet).filter(
      (line) => line.currency === "USDT" && line.network === "TRON",
    );
    expect(sum(bookLines.map((line) => line.received)).toFixed()).toBe(shown.get("USDT-TRON")?.received);
    expect(sum(bookLines.map((line) => line.refunded)).toFixed()).toBe(shown.get("USDT-TRON")?.refunded);
  }).toPass({ timeout: 60_000 });

  // Refunded opens its lines: the refund, naming its invoice and its payout.
  await usdt.getByRole("link", { name: /Refunded, USDT on TRON: show the lines/ }).click();
  const lines = finance.getByRole("region", { name: /Refunded: lines, USDT on TRON/ });
  const line = lines.getByTestId("statement-line").filter({ hasText: refund.orderId });
  await expect(line).toContainText("Refund paid to the customer");
  await expect(line.getByRole("link", { name: invoice.orderId })).toHaveAttribute("href", /\/invoices\//);
  await expect(line.getByRole("link", { name: refund.orderId })).toHaveAttribute("href", /\/withdrawals\//);
  await finance.screenshot({ path: testInfo.outputPath("statement.png"), fullPage: true });
  await finance.screenshot({ path: "test-results/statement.png", fullPage: true });
});

test("a statement link with a bad month says what is wrong on its field", async ({ browser }) => {
  const finance = await newPageAs(browser, "finance");
  await finance.goto("/statement?month=2026-13");
  await expect(finance.getByText("Choose a month (YYYY-MM).")).toBeVisible();
  await expect(finance.getByLabel("Month", { exact: true })).toHaveAttribute("aria-invalid", "true");
});
