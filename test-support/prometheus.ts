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
  };
}
