import { describe, expect, it } from "vitest";
import { compareReleases, isRelease, newerRelease } from "./release-order";

describe("the order of releases", () => {
  it("compares major, then minor, then patch, as numbers (0.10.0 is newer than 0.9.0)", () => {
    expect(compareReleases("0.10.0", "0.9.0")).toBe(1);
    expect(compareReleases("0.9.0", "0.10.0")).toBe(-1);
    expect(compareReleases("1.0.0", "0.99.99")).toBe(1);
    expect(compareReleases("0.9.1", "0.9.0")).toBe(1);
    expect(compareReleases("0.9.0", "0.9.0")).toBe(0);
    expect(newerRelease("0.9.0", "0.10.0")).toBe("0.10.0");
    expect(newerRelease("2.0.0", "0.10.0")).toBe("2.0.0");
  });

  it("accepts only major.minor.patch: anything else is refused, never guessed", () => {
    for (const value of ["0.9", "v0.9.0", "0.9.0-rc.1", "0.9.0+build", "01.0.0", " 0.9.0", "", 9, null]) {
      expect(isRelease(value)).toBe(false);
    }
    expect(() => compareReleases("0.9.0-rc.1", "0.9.0")).toThrow(/not a release number/);
    expect(isRelease("10.20.30")).toBe(true);
  });
});
