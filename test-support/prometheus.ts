import parsePrometheusTextFormat from "parse-prometheus-text-format";

/**
 * A metrics answer parsed with a Prometheus text-format parser (malformed text throws), read as
 * `value(name, labels)`: the sample of that family whose labels include those given.
 */
export function parseMetrics(text: string) {
  const families = parsePrometheusTextFormat(text);
  return {
    names: families.map((family) => family.name),
    value(name: string, labels: Record<string, string> = {}): number | undefined {
      const family = families.find((candidate) => candidate.name === name);
      const sample = family?.metrics.find((metric) =>
        Object.entries(labels).every(([key, wanted]) => metric.labels?.[key] === wanted),
      );
      const raw = sample?.value ?? sample?.count;
      return raw === undefined ? undefined : Number(raw);
    },
    /**
     * A histogram's count for the series with those labels. (The parser keeps no labels on
     * histogram samples, so the `_count` line of a text that parsed is read here.)
     */
    histogramCount(name: string, labels: Record<string, string>): number | undefined {
      for (const line of text.split("\n")) {
        const match = new RegExp(`^${name}_count\\{(.*)\\} (\\S+)$`).exec(line);
        if (!match) continue;
        const series = Object.fromEntries(
          [...(match[1] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
        );
        if (Object.entries(labels).every(([key, wanted]) => series[key] === wanted)) return Number(match[2]);
      }
      return undefined;
    },
  };
}
