import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Figure } from "./figures";

/** The one summary table: figure, value, baseline, ratio, target, MET or MISSED. */
export function printFigures(figures: readonly Figure[]): void {
  console.table(
    figures.map((figure) => ({
      figure: figure.name,
      value: `${figure.value} ${figure.unit}`,
      baseline:
        figure.baseline === undefined
          ? ""
          : `${figure.baseline} ${figure.unit} (${figure.baselineName ?? ""})`,
      ratio: figure.ratio ?? "",
      target: figure.target,
      result: figure.met === undefined ? "" : figure.met ? "MET" : "MISSED",
    })),
  );
}

/** Writes the figures to bench/results/latest.json (git-ignored). */
export function writeLatest(figures: readonly Figure[], extra: Record<string, unknown> = {}): string {
  const dir = fileURLToPath(new URL("./results/", import.meta.url));
  mkdirSync(dir, { recursive: true });
  const file = `${dir}latest.json`;
  writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), node: process.version, figures, ...extra }, null, 2)}\n`,
  );
  return file;
}
