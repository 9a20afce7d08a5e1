/**
 * The control API: what a test or a demo needs and the real service does by itself. Bearer is
 * the merchant's invoice key, except POST /control/merchants, which is open in the standalone
 * sandbox and needs a merchant's invoice key in the embedded one.
 */
import { payUrl, type RequestScope } from "../context";
import { authenticate, createMerchant, setMerchantWebhookUrl } from "../merchants";
import { isCoin, type Coin, type Network } from "../catalog";
import { listBalances, setBalance } from "../balances";
import { clearFaults, getFaults, parseFaultConfig, setFaults } from "../faults";
import { presentInvoice, presentTransaction } from "../invoices/present";
import { expireNow, listTransactions, receivePayment } from "../invoices/transitions";
import { presentWithdrawal, WITHDRAWAL_STATUSES } from "../withdrawals/present";
import { getWithdrawal, setWithdrawalStatus } from "../withdrawals/transitions";
import { listDeliveries, resendDelivery } from "../webhooks/queries";
import { Fields } from "../validation";
import { checkWebhookUrlField } from "../webhooks/targets";
import { readJsonObject } from "./body";
import { json } from "./respond";
import { notFound, validationError } from "../errors";

type Route = {
  method: string;
  pattern: string[];
  run: (scope: RequestScope, merchantId: string, params: string[]) => Promise<Response>;
};

const routes: Route[] = [
  {
    method: "GET",
    pattern: ["merchant"],
    run: async ({ ctx, request }) => {
      const m = await authenticate(ctx, request, "invoice");
      return json(200, { id: m.id, webhook_url: m.webhookUrl });
    },
  },
  {
    method: "PUT",
    pattern: ["merchant"],
    run: async ({ ctx, request }, merchantId) => {
      const f = new Fields(await readJsonObject(request));
      const webhookUrl = f.url("webhook_url");
      if (!f.ok || webhookUrl === undefined) throw validationError(f.errors);
      await checkWebhookUrlField(ctx, "webhook_url", webhookUrl);
      await setMerchantWebhookUrl(ctx.db, merchantId, webhookUrl);
      return json(200, { id: merchantId, webhook_url: webhookUrl });
    },
  },
  {
    method: "POST",
    pattern: ["invoices", ":id", "payments"],
    run: async ({ ctx, request }, merchantId, [id]) => {
      const f = new Fields(await readJsonObject(request));
      const amount = f.decimal("amount", { required: true, positive: true });
      const currency = f.string("currency", { required: false });
      const network = f.string("network", { required: false });
      const sourceWallet = f.string("source_wallet", { required: false, max: 128 });
      if (currency !== undefined && !isCoin(currency))
        f.fail("currency", "The selected currency is invalid.");
      if (!f.ok || !amount) throw validationError(f.errors);
      const { transaction, invoice } = await receivePayment(ctx, id ?? "", merchantId, {
        amount,
        currency: currency as Coin | undefined,
        network: network as Network | undefined,
        sourceWallet,
      });
      const txs = await listTransactions(ctx.db, invoice.id);
      return json(200, {
        ...presentTransaction(transaction),
        currency: transaction.currency,
        network: transaction.network,
        invoice: presentInvoice(invoice, txs, payUrl(ctx, request, invoice.id)),
      });
    },
  },
  {
    method: "POST",
    pattern: ["invoices", ":id", "expire"],
    run: async ({ ctx, request }, merchantId, [id]) => {
      const invoice = await expireNow(ctx, id ?? "", merchantId);
      const txs = await listTransactions(ctx.db, invoice.id);
      return json(200, presentInvoice(invoice, txs, payUrl(ctx, request, invoice.id)));
    },
  },
  {
    method: "GET",
    pattern: ["balances"],
    run: async ({ ctx }, merchantId) => json(200, { balances: await listBalances(ctx.db, merchantId) }),
  },
  {
    method: "PUT",
    pattern: ["balances", ":currency"],
    run: async ({ ctx, request }, merchantId, [currency]) => {
      if (!currency || !isCoin(currency))
        throw validationError({ currency: ["The selected currency is invalid."] });
      const f = new Fields(await readJsonObject(request));
      const amount = f.decimal("amount", { required: true, min: "0" });
      if (!f.ok || !amount) throw validationError(f.errors);
      await setBalance(ctx.db, merchantId, currency, amount, ctx.now());
      return json(200, { currency, amount: amount.toFixed() });
    },
  },
  {
    method: "GET",
    pattern: ["withdrawals", ":id"],
    run: async ({ ctx }, merchantId, [id]) =>
      json(200, presentWithdrawal(await getWithdrawal(ctx, id ?? "", merchantId))),
  },
  {
    method: "POST",
    pattern: ["withdrawals", ":id", "status"],
    run: async ({ ctx, request }, merchantId, [id]) => {
      const f = new Fields(await readJsonObject(request));
      const status = f.oneOf("status", WITHDRAWAL_STATUSES, true);
      if (!f.ok || !status) throw validationError(f.errors);
      return json(200, presentWithdrawal(await setWithdrawalStatus(ctx, id ?? "", merchantId, status)));
    },
  },
  {
    method: "GET",
    pattern: ["faults"],
    run: async ({ ctx }, merchantId) => json(200, { ...(await getFaults(ctx.db, merchantId)) }),
  },
  {
    method: "POST",
    pattern: ["faults"],
    run: async ({ ctx, request }, merchantId) => {
      const config = parseFaultConfig(await readJsonObject(request));
      await setFaults(ctx.db, merchantId, config, ctx.now());
      return json(200, { ...config });
    },
  },
  {
    method: "DELETE",
    pattern: ["faults"],
    run: async ({ ctx }, merchantId) => {
      await clearFaults(ctx.db, merchantId);
      return json(200, { ...(await getFaults(ctx.db, merchantId)) });
    },
  },
  {
    method: "GET",
    pattern: ["webhooks"],
    run: async ({ ctx, url }, merchantId) =>
      json(200, { deliveries: await listDeliveries(ctx.db, merchantId, url.searchParams.get("order_id")) }),
  },
  {
    method: "POST",
    pattern: ["webhooks", ":id", "resend"],
    run: async ({ ctx }, merchantId, [id]) => {
      const delivery = await resendDelivery(ctx.db, merchantId, id ?? "");
      ctx.notifyWebhooks();
      return json(200, delivery);
    },
  },
];

function match(pattern: string[], segments: string[]): string[] | null {
  if (pattern.length !== segments.length) return null;
  const params: string[] = [];
  for (const [i, p] of pattern.entries()) {
    const s = segments[i] as string;
    if (p.startsWith(":")) params.push(s);
    else if (p !== s) return null;
  }
  return params;
}

export async function handleControl(scope: RequestScope): Promise<Response> {
  const { ctx, request, segments } = scope;
  if (segments.length === 1 && segments[0] === "merchants" && request.method === "POST") {
    if (ctx.merchantCreationNeedsKey) await authenticate(ctx, request, "invoice");
    const f = new Fields(await readJsonObject(request));
    const webhookUrl = f.url("webhook_url");
    if (!f.ok || webhookUrl === undefined) throw validationError(f.errors);
    await checkWebhookUrlField(ctx, "webhook_url", webhookUrl);
    const m = await createMerchant(ctx, webhookUrl);
    return json(200, {
      id: m.id,
      invoice_key: m.invoiceKey,
      withdrawal_key: m.withdrawalKey,
      webhook_url: m.webhookUrl,
    });
  }
  for (const route of routes) {
    const params = match(route.pattern, segments);
    if (!params || route.method !== request.method) continue;
    const merchant = await authenticate(ctx, request, "invoice");
    return route.run(scope, merchant.id, params);
  }
  throw notFound();
}
