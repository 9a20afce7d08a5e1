/**
 * Paydesk's releases are numbered `major.minor.patch` and nothing else (no pre-release or build
 * tags), so their order is the order of the three numbers. semver is not a direct dependency,
 * and comparing three integers needs none: anything else is refused, never guessed.
 */
const RELEASE = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

export function isRelease(value: unknown): value is string {
  return typeof value === "string" && RELEASE.test(value);
}

function parts(release: string): [number, number, number] {
  const match = RELEASE.exec(release);
  if (!match) throw new Error(`not a release number (major.minor.patch): ${JSON.stringify(release)}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Negative when a is the older release, positive when it is the newer, 0 for the same one. */
export function compareReleases(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

export function newerRelease(a: string, b: string): string {
  return compareReleases(a, b) >= 0 ? a : b;
}
