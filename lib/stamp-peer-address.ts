import "server-only";
import { Server, type IncomingMessage } from "node:http";
import { PEER_ADDRESS_HEADER } from "./client-address";

/**
 * Next.js hands route handlers and server actions a Request without the TCP peer's address, and
 * keeps any X-Forwarded-For a client sends. So, once per process, every incoming request gets
 * the peer's address in a header of ours before Next.js sees it, replacing whatever a client put
 * there. Read it with clientAddress().
 */
export function stampPeerAddress(): void {
  const marker = Symbol.for("paydesk.peerAddressStamped");
  const proto = Server.prototype as Server & { [marker]?: true };
  if (proto[marker]) return;
  proto[marker] = true;
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
    }
    return emit.call(this, event, ...args);
  } as Server["emit"];
}
