import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isRelease } from "./release-order";
import { PAYDESK_VERSION } from "./version";

describe("this release's version", () => {
  it("is package.json's, a plain major.minor.patch the release mark can compare", () => {
    const packageJson = JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8")) as {
      version: string;
    };
    expect(PAYDESK_VERSION).toBe(packageJson.version);
    expect(isRelease(PAYDESK_VERSION)).toBe(true);
  });
});
