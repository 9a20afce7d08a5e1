import { Writable } from "node:stream";
import { createLogger, type Logger } from "@/lib/log/logger";

/** A logger as the server builds it (JSON lines), writing into an array a test can read. */
export function capturedLogger(env: Record<string, string | undefined> = {}): {
  log: Logger;
  lines: () => string[];
  records: () => Array<Record<string, unknown>>;
} {
  const written: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      written.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const log = createLogger({ LOG_FORMAT: "json", LOG_LEVEL: "debug", ...env }, destination);
  return {
    log,
    lines: () => written,
    records: () => written.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
