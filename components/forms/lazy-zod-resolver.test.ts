import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CHECKS_NOT_LOADED, lazyZodResolver } from "./lazy-zod-resolver";

const schema = z.object({ amount: z.string().min(1, "Enter an amount.") });
type Values = z.input<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("lazyZodResolver", () => {
  it("checks with the schema it loads, loading it once", async () => {
    let loads = 0;
    const resolver = lazyZodResolver<Values, Values>(async () => {
      loads++;
      return schema;
    });
    const empty = await resolver({ amount: "" }, undefined, options);
    expect(empty.errors.amount?.message).toBe("Enter an amount.");
    const filled = await resolver({ amount: "12.50" }, undefined, options);
    expect(filled).toEqual({ values: { amount: "12.50" }, errors: {} });
    expect(loads).toBe(1);
  });

  it("answers a form-level error when the schema cannot be loaded, and tries again next time", async () => {
    let attempts = 0;
    const resolver = lazyZodResolver<Values, Values>(async () => {
      if (attempts++ === 0) throw new Error("network gone");
      return schema;
    });
    const failed = await resolver({ amount: "12.50" }, undefined, options);
    expect(failed.errors.root?.message).toBe(CHECKS_NOT_LOADED);
    const retried = await resolver({ amount: "12.50" }, undefined, options);
    expect(retried.errors).toEqual({});
  });
});
