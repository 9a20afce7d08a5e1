// The repository stands on its own: a developer who cloned it has nothing else, so no tracked file
// may point at a path outside it, and the documents' relative links must lead to files that exist.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TEXT_FILE = /\.(md|ts|tsx|mjs|cjs|json|ya?ml)$/;
// Built from parts, so that this file does not match them itself.
const OUTSIDE_PATHS = [["..", "shared"].join("/"), ["", "work", ""].join("/")];
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
/** Documents whose every relative link must lead to an existing file. */
const isDocument = (file: string) => file === "README.md" || /^docs\/[^/]+\.md$/.test(file);

function trackedTextFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => TEXT_FILE.test(file) && !file.endsWith("package-lock.json"));
}

/** A link to a file of this repository: not a URL, a mail address or an anchor on the same page. */
const isRelativeLink = (target: string) => !/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target);

function problemsIn(file: string, text = readFileSync(join(ROOT, file), "utf8")): string[] {
  const problems: string[] = [];
  text.split("\n").forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const outside of OUTSIDE_PATHS) {
      if (line.includes(outside)) problems.push(`${where}: names ${outside}, outside the repository`);
    }
    for (const [, target = ""] of line.matchAll(MARKDOWN_LINK)) {
      if (!isRelativeLink(target)) continue;
      const path = decodeURI(target.split("#")[0] ?? "");
      if (path === "") continue;
      const resolved = path.startsWith("/") ? join(ROOT, path) : resolve(ROOT, dirname(file), path);
      const inside = relative(ROOT, resolved);
      if (inside.startsWith("..") || isAbsolute(inside)) {
        problems.push(`${where}: links to ${target}, outside the repository`);
      } else if (isDocument(file) && !existsSync(resolved)) {
        problems.push(`${where}: links to ${target}, which does not exist`);
      }
    }
  });
  return problems;
}

describe("the repository stands on its own", () => {
  const files = trackedTextFiles();

  it("reads the tracked text files", () => {
    expect(files).toEqual(expect.arrayContaining(["README.md", "package.json", "vitest.config.ts"]));
    expect(files).not.toContain("package-lock.json");
  });

  it("names each link or path outside the repository, and each document link to a missing file", () => {
    const text = [
      `See ${OUTSIDE_PATHS[0]}/notes.md and ${OUTSIDE_PATHS[1]}main.`,
      "[spec](../../spec.md), [design](docs/design.md), [gone](docs/gone.md), [site](https://example.com/a)",
    ].join("\n");
    expect(problemsIn("docs/example.md", text)).toEqual([
      `docs/example.md:1: names ${OUTSIDE_PATHS[0]}, outside the repository`,
      `docs/example.md:1: names ${OUTSIDE_PATHS[1]}, outside the repository`,
      "docs/example.md:2: links to ../../spec.md, outside the repository",
      "docs/example.md:2: links to docs/design.md, which does not exist",
      "docs/example.md:2: links to docs/gone.md, which does not exist",
    ]);
  });

  it("has no file that links or points outside the repository, and no document link to a missing file", () => {
    expect(files.flatMap((file) => problemsIn(file))).toEqual([]);
  });
});
