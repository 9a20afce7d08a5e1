import { describe, expect, it } from "vitest";
import type { MigrationStatus } from "./migration-status";
import { startGate } from "./start-gate";

const status = (pending: string[], newer = 0): MigrationStatus => ({
  pending,
  newer,
  current: "0041_something",
  shipped: 42 + pending.length,
});
const refusal =
  "this is Paydesk 1.0.0, but the database was upgraded by Paydesk 2.0.0, which needs at least 2.0.0";

describe("what a start would do on the database (db:status --exit-code-if-unsafe)", () => {
  it("lets a start open a current schema, and one a start migrates first", () => {
    expect(startGate(status([]), null, "on")).toEqual({
      mayStart: true,
      verdict: "A start of this release opens it as it is.",
    });
    expect(startGate(status([]), null, "off").mayStart).toBe(true);
    expect(startGate(status(["0042_a", "0043_b"]), null, "on")).toEqual({
      mayStart: true,
      verdict: "A start of this release applies the 2 pending migration(s) first (PAYDESK_MIGRATE=on).",
    });
  });

  it("lets a start open a schema with a newer release's migrations that its mark allows", () => {
    expect(startGate(status([], 3), null, "on").mayStart).toBe(true);
  });

  it("says a start would refuse pending migrations with PAYDESK_MIGRATE=off, naming db:migrate", () => {
    expect(startGate(status(["0042_a"]), null, "off")).toEqual({
      mayStart: false,
      verdict:
        "A start would refuse: PAYDESK_MIGRATE=off and 1 migration(s) pending. Apply them with db:migrate first.",
    });
  });

  it("says a start would refuse a database marked for a newer release, whatever else", () => {
    for (const migrate of ["on", "off"] as const) {
      expect(startGate(status([]), refusal, migrate)).toEqual({
        mayStart: false,
        verdict: `A start would refuse: ${refusal}`,
      });
    }
  });
});
