/**
 * The hosted payment page at {basePath}/pay/{id}: plain server-rendered HTML with stable labels
 * and test ids. GET shows the invoice; POST …/method fixes currency and network; POST …/payments
 * sends a test payment. Both POSTs redirect back (303), carrying an error in `?error=` if refused.
 */
import { createHash } from "node:crypto";
import Decimal from "decimal.js";
import QRCode from "qrcode";
import type { RequestScope } from "../context";
import { COIN_CODES, METHODS, NETWORKS, findMethod, isCoin, type Network } from "../catalog";
import type { InvoiceRow, TransactionRow } from "../db/schema";
import { invoiceFigures } from "../invoices/present";
import { chooseMethod, listTransactions, readInvoice, receivePayment } from "../invoices/transitions";
import { isFinalStatus } from "../invoices/status";
import { readForm } from "./body";
import { html, redirect } from "./respond";
import { HttpError, notFound } from "../errors";

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const CSS = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#111}
header{display:flex;justify-content:space-between;gap:1rem;border-bottom:1px solid #ddd;padding-bottom:.5rem}
.card{border:1px solid #ddd;border-radius:.75rem;padding:1.25rem;margin:1rem 0}
.amount{font-size:1.75rem;font-weight:600}.muted{color:#666;font-size:.9rem}
label{display:block;margin:.75rem 0 .25rem}select,input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1rem;font-size:1rem;border-radius:.5rem;border:0;background:#111;color:#fff;cursor:pointer}
.status{display:inline-block;padding:.15rem .5rem;border-radius:.5rem;background:#eee}.error{color:#b00020}
code{word-break:break-all}.qr svg{width:12rem;height:12rem}table{width:100%;font-size:.85rem}th{text-align:left}`;

// The page has no script at all; its one <style> element is allowed by hash, the QR code is inline
// SVG, and its forms post back to this origin.
const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(CSS, "utf8").digest("base64")}'`,
  "img-src data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

function htmlPage(status: number, body: string): Response {
  const response = html(status, body);
  response.headers.set("content-security-policy", CSP);
  return response;
}

function page(title: string, body: string): string {
  // A banner and a main landmark, so that a screen reader's landmark list finds the content.
  const banner = `<header><strong>Payment service</strong><span class="muted">Sandbox: no real money moves</span></header>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${CSS}</style></head><body>${banner}<main>${body}</main></body></html>`;
}

async function render(
  inv: InvoiceRow,
  txs: TransactionRow[],
  action: string,
  error: string | null,
): Promise<string> {
  const f = invoiceFigures(inv);
  const open = !isFinalStatus(inv.status);
  const canPay = open && (inv.isPaymentMultiple || txs.length === 0);
  const parts: string[] = [
    `<h1>Pay invoice</h1>`,
    `<div class="card"><div class="amount" data-testid="invoice-amount">${esc(new Decimal(inv.amount).toFixed())} ${esc(inv.fiatCurrency)}</div>`,
    `<p>Status: <span class="status" data-testid="invoice-status">${esc(inv.status)}</span></p>`,
    `<p class="muted">Expires <time data-testid="invoice-expires" datetime="${inv.expiresAt.toISOString()}">${esc(inv.expiresAt.toISOString().replace("T", " ").slice(0, 19))} UTC</time></p></div>`,
  ];
  if (error) parts.push(`<p class="error" role="alert" data-testid="pay-error">${esc(error)}</p>`);
  if (!inv.currency && open) {
    const currencies = COIN_CODES.map((c) => `<option value="${c}">${c}</option>`).join("");
    const networks = NETWORKS.map((n) => `<option value="${n}">${n}</option>`).join("");
    const pairs = METHODS.map((m) => `${m.currency} on ${m.network}`).join(", ");
    parts.push(
      `<form class="card" method="post" action="${esc(action)}/method"><h2>Choose how to pay</h2>`,
      `<label for="currency">Currency</label><select id="currency" name="currency">${currencies}</select>`,
      `<label for="network">Network</label><select id="network" name="network">${networks}</select>`,
      `<p class="muted">Supported: ${esc(pairs)}</p><button type="submit">Continue</button></form>`,
    );
  }
  if (inv.currency && inv.wallet) {
    const qr = (await QRCode.toString(inv.wallet, { type: "svg", margin: 1 })).replace(
      "<svg ",
      '<svg role="img" aria-label="QR code of the wallet address" ',
    );
    parts.push(
      `<div class="card"><p>Send <strong data-testid="crypto-due">${esc(f.remaining?.toFixed() ?? "")}</strong> ${esc(inv.currency)} on ${esc(inv.network ?? "")}</p>`,
      `<p class="muted">Paid so far: <span data-testid="crypto-paid">${esc(f.paid.toFixed())}</span> of ${esc(f.crypto?.toFixed() ?? "")} ${esc(inv.currency)}</p>`,
      `<div class="qr" data-testid="wallet-qr">${qr}</div><p>Wallet: <code data-testid="wallet-address">${esc(inv.wallet)}</code></p></div>`,
    );
    if (canPay) {
      const due = f.remaining && f.remaining.gt(0) ? f.remaining.toFixed() : "";
      parts.push(
        `<form class="card" method="post" action="${esc(action)}/payments"><h2>Test payment</h2>`,
        `<label for="amount">Amount</label><input id="amount" name="amount" inputmode="decimal" value="${esc(due)}" required>`,
        `<button type="submit">Send test payment</button></form>`,
      );
    }
  }
  if (txs.length > 0) {
    const rows = txs
      .map(
        (t) =>
          `<tr><td><code>${esc(t.txid.slice(0, 16))}…</code></td><td>${esc(new Decimal(t.amount).toFixed())} ${esc(t.currency)}</td></tr>`,
      )
      .join("");
    const head = `<thead><tr><th scope="col">Transaction</th><th scope="col">Amount</th></tr></thead>`;
    parts.push(
      `<div class="card"><h2>Payments</h2><table data-testid="transactions">${head}<tbody>${rows}</tbody></table></div>`,
    );
  }
  const links: string[] = [];
  if (inv.returnUrl)
    links.push(`<a href="${esc(inv.returnUrl)}" data-testid="return-link">Return to merchant</a>`);
  if (inv.successUrl && (inv.status === "paid" || inv.status === "paid_over"))
    links.push(`<a href="${esc(inv.successUrl)}" data-testid="success-link">Continue</a>`);
  if (links.length) parts.push(`<p>${links.join(" · ")}</p>`);
  return page(`Pay invoice ${inv.orderId}`, parts.join(""));
}

export async function handlePayPage({ ctx, request, segments, url }: RequestScope): Promise<Response> {
  const [id, sub, ...rest] = segments;
  if (!id || rest.length > 0) throw notFound();
  const action = `${ctx.basePath}/pay/${encodeURIComponent(id)}`;
  const back = (error?: string) => redirect(error ? `${action}?error=${encodeURIComponent(error)}` : action);
  try {
    if (sub === undefined && request.method === "GET") {
      const inv = await readInvoice(ctx, id);
      return htmlPage(
        200,
        await render(inv, await listTransactions(ctx.db, inv.id), action, url.searchParams.get("error")),
      );
    }
    if (sub === "method" && request.method === "POST") {
      const form = await readForm(request);
      const currency = form.currency ?? "";
      const network = (form.network ?? "") as Network;
      if (!isCoin(currency) || !findMethod(currency, network))
        return back(
          `${currency} on ${network} is not supported. Supported: ${METHODS.map((m) => `${m.currency} on ${m.network}`).join(", ")}.`,
        );
      await chooseMethod(ctx, id, { currency, network });
      return back();
    }
    if (sub === "payments" && request.method === "POST") {
      const form = await readForm(request);
      const text = (form.amount ?? "").trim();
      if (!/^\d{1,15}(\.\d{1,18})?$/.test(text) || new Decimal(text).lte(0))
        return back("Enter an amount greater than 0, with a period as decimal separator.");
      await receivePayment(ctx, id, null, { amount: new Decimal(text) });
      return back();
    }
  } catch (err) {
    if (err instanceof HttpError && err.status === 404)
      return htmlPage(
        404,
        page("Invoice not found", "<h1>Invoice not found</h1><p>Check the payment link you were given.</p>"),
      );
    if (err instanceof HttpError && err.status === 422) return back(err.message);
    throw err;
  }
  throw notFound();
}
