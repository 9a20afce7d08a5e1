/** `node --conditions=react-server --import tsx bench/page-weight.run.ts`: the page weights alone. */
import { measurePageWeight } from "./page-weight";
import { printFigures } from "./report";

printFigures(await measurePageWeight({ port: Number(process.env.BENCH_PORT ?? 34100) }));
