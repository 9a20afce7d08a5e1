import { getDb } from "@/lib/db/client";
import { withoutRequestContext } from "@/lib/log/request-context";
import { handleEmbeddedSandbox } from "@/lib/sandbox/mount";
import { sandboxPublicUrl, selfOrigin } from "@/lib/service/app-config";
import { setEmbeddedSandboxDirectUrl } from "@/lib/service/embedded-sandbox-direct";
import { embeddedSandboxKeys } from "@/lib/service/embedded-sandbox-keys";
import { selfCallToken } from "@/lib/service/self-call";

// The embedded payment service sandbox (lib/sandbox): the one place the app mounts it.
export const dynamic = "force-dynamic";

function handler(request: Request): Promise<Response> {
  return handleEmbeddedSandbox(request, {
    getDb,
    webhookUrl: `${selfOrigin()}/api/webhooks/payments`,
    demoMerchantKeys: embeddedSandboxKeys(),
    publicUrl: sandboxPublicUrl(),
    selfCallToken: selfCallToken(),
    direct: { selfOrigin: selfOrigin(), onListening: setEmbeddedSandboxDirectUrl },
    detached: withoutRequestContext,
  });
}

export { handler as GET, handler as POST, handler as PUT, handler as DELETE };
