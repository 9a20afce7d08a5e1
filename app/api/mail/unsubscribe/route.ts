import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { FORM_PAGE_CSP } from "@/lib/http/security-headers";
import { unsubscribeScopePhrase } from "@/lib/mail/staff/categories";
import { escapeHtml as esc } from "@/lib/mail/render";
import { readUnsubscribeLink, unsubscribe } from "@/lib/mail/staff/unsubscribe";

export const dynamic = "force-dynamic";

/**
 * One-click unsubscribe (RFC 8058) from a category of staff email. The link's token is the
 * credential: it turns off that one category for that one person. GET only shows a button (mail
 * scanners open links); POST, from that button or the mail client's List-Unsubscribe-Post,
 * turns it off.
 */
export async function GET(request: Request) {
  const link = readLink(request);
  if (!link)
    return page(
      400,
      "This unsubscribe link is not valid",
      "Change which emails you get under Account → Email in Paydesk.",
    );
  return page(
    200,
    "Stop these emails?",
    `You will no longer get ${unsubscribeScopePhrase(link.category)} by email. It stays in Paydesk's notifications.`,
    true,
  );
}

export async function POST(request: Request) {
  const link = readLink(request);
  if (!link)
    return page(
      400,
      "This unsubscribe link is not valid",
      "Change which emails you get under Account → Email in Paydesk.",
    );
  await unsubscribe(await getDb(), link.userId, link.category);
  return page(
    200,
    "Unsubscribed",
    `You will no longer get ${unsubscribeScopePhrase(link.category)} by email. Turn it on again under Account → Email.`,
  );
}

function readLink(request: Request) {
  const secret = serverEnv().NEXTAUTH_SECRET;
  const url = new URL(request.url);
  if (!secret || url.search.length > 300) return null;
  return readUnsubscribeLink(secret, url.searchParams);
}

function page(status: number, title: string, text: string, confirm = false): Response {
  const form = confirm ? `<form method="post"><button type="submit">Stop these emails</button></form>` : "";
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)} · Paydesk</title></head><body><main><h1>${esc(title)}</h1><p>${esc(text)}</p>${form}</main></body></html>`,
    {
      status,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        // Its own policy (proxy.ts leaves this path alone): the button's form posts back here.
        "content-security-policy": FORM_PAGE_CSP,
      },
    },
  );
}
