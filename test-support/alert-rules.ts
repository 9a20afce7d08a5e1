import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

/** Paydesk's alert rules as shipped (deploy/prometheus/paydesk-rules.yml), read by the tests. */
export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export const RULES_FILE = join(process.cwd(), "deploy/prometheus/paydesk-rules.yml");

export function shippedAlertRules(file = RULES_FILE): AlertRule[] {
  const document = parse(readFileSync(file, "utf8")) as { groups?: Array<{ rules?: AlertRule[] }> };
  return (document.groups ?? []).flatMap((group) => group.rules ?? []);
}

/** Series Prometheus makes itself rather than scraping them. */
export const SYNTHETIC_SERIES = new Set(["up"]);

const KEYWORDS = new Set([
  "and",
  "or",
  "unless",
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "bool",
  "offset",
  "inf",
  "nan",
]);

/**
 * The metric names an expression reads: identifiers that are not functions, keywords, label
 * names (inside braces or a by/on list), strings or durations.
 */
export function seriesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, "")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, "")
    .replace(/\[[^\]]*\]/g, "");
  const names = new Set<string>();
  for (const match of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*(?=\s*(\(?))/g)) {
    const [name] = match;
    const followedBy = bare.slice((match.index ?? 0) + name.length).trimStart();
    if (followedBy.startsWith("(") || KEYWORDS.has(name.toLowerCase())) continue;
    names.add(name);
  }
  return [...names];
}

/** The family a sample name belongs to: a histogram's _bucket, _count and _sum are its own. */
export function familyOf(series: string, families: ReadonlySet<string>): string | undefined {
  if (families.has(series)) return series;
  const base = series.replace(/_(bucket|count|sum)$/, "");
  return families.has(base) ? base : undefined;
}

/** Families with at least one sample in a Prometheus text answer. */
export function familiesWithSamples(text: string): Set<string> {
  const types = new Map<string, string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) types.set(name ?? "", type ?? "");
  const families = new Set<string>();
  for (const [, sample] of text.matchAll(/^([A-Za-z_:][A-Za-z0-9_:]*)(?:\{[^}]*\})? \S+/gm)) {
    const name = sample ?? "";
    const family = types.has(name) ? name : name.replace(/_(bucket|count|sum)$/, "");
    if (types.has(family)) families.add(family);
  }
  return families;
}

/** The anchor an alert's runbook names in docs/operations.md, or undefined if it names none. */
export function runbookAnchor(rule: AlertRule): string | undefined {
  return /^docs\/operations\.md#([a-z0-9-]+)$/.exec(rule.annotations?.runbook ?? "")?.[1];
}

/** The anchors a Markdown file offers: its headings as GitHub makes their ids, and explicit ids. */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    anchors.add(
      (heading ?? "")
        .toLowerCase()
        .replace(/<[^>]*>/g, "")
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-"),
    );
  }
  for (const [, id] of markdown.matchAll(/\b(?:id|name)="([^"]+)"/g)) anchors.add(id ?? "");
  return anchors;
}
