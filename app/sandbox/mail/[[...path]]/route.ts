import { handleMailbox } from "@/lib/mail-catcher/mailbox-page";

// The demo's mailbox: what Paydesk sent through the embedded mail catcher (PAYDESK_MAIL_CATCHER).
export const dynamic = "force-dynamic";

export async function GET(_request: Request, context: { params: Promise<{ path?: string[] }> }) {
  const { path = [] } = await context.params;
  return handleMailbox(path);
}
