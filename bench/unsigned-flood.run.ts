/**
 * `node --conditions=react-server --import tsx bench/unsigned-flood.run.ts [requests] [rounds]`:
 * the unsigned-flood figures alone (bench/webhooks/unsigned-flood.ts), on PGlite; 3,000 requests
 * each way in 3 rounds unless told.
 */
import { printFigures } from "./report";
import { benchUnsignedFlood, unsignedFloodFigures } from "./webhooks/unsigned-flood";

const result = await benchUnsignedFlood({
  port: Number(process.env.BENCH_PORT ?? 34200),
  requests: Number(process.argv[2] ?? 3_000),
  rounds: Number(process.argv[3] ?? 3),
});
console.log(JSON.stringify(result, null, 2));
printFigures(unsignedFloodFigures(result));
process.exit(0);
