/**
 * Loaded into `next start` by the list pages' benchmark (node --import, see next-server.ts): the
 * server's own time for each request, from Node handing it to Next.js until the answer's last byte
 * is handed to the socket. What the client measures adds its own garbage collection and its HTTP
 * stack; the issue's figure is the server's time. GET /__bench/server-times answers the times
 * recorded since it was last asked, oldest first, and forgets them. Never loaded outside bench/.
 */
import http from "node:http";

const PATH = "/__bench/server-times";
/** A server nobody asks keeps at most this many, the newest. */
const KEPT = 100_000;
const recorded = [];
const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function emitTimed(event, request, response) {
  if (event !== "request") return emit.apply(this, arguments);
  if (request.url === PATH) {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(recorded.splice(0)));
    return true;
  }
  const start = process.hrtime.bigint();
  response.once("finish", () => {
    if (recorded.push({ url: request.url, ms: Number(process.hrtime.bigint() - start) / 1e6 }) > KEPT)
      recorded.shift();
  });
  return emit.apply(this, arguments);
};
