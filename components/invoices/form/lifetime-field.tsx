"use client";

import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { LIFETIME_PRESETS } from "@/lib/invoices/lifetime-presets";
import type { InvoiceFormValues } from "@/lib/invoices/form-schema";

const CUSTOM = "custom";

/** Presets from 5 minutes to 12 hours, or any number of seconds within the service's bounds. */
export function LifetimeField({ form }: { form: UseFormReturn<InvoiceFormValues> }) {
  const current = form.watch("lifetimeSeconds");
  const isPreset = LIFETIME_PRESETS.some((preset) => String(preset.seconds) === current);
  const [custom, setCustom] = useState(!isPreset);
  const error = form.formState.errors.lifetimeSeconds?.message;

  return (
    <div className="grid gap-1.5">
      <FormField id="lifetimePreset" label="Expires after" error={custom ? undefined : error}>
        <Select
          id="lifetimePreset"
          value={custom ? CUSTOM : current}
          onChange={(event) => {
            const value = event.target.value;
            setCustom(value === CUSTOM);
            if (value !== CUSTOM) form.setValue("lifetimeSeconds", value, { shouldValidate: true });
          }}
        >
          {LIFETIME_PRESETS.map((preset) => (
            <option key={preset.seconds} value={preset.seconds}>
              {preset.label}
            </option>
          ))}
          <option value={CUSTOM}>Custom…</option>
        </Select>
      </FormField>
      {custom ? (
        <FormField
          id="lifetimeSeconds"
          label="Lifetime in seconds"
          error={error}
          hint="300 (5 minutes) to 43200 (12 hours)."
        >
          <Input
            id="lifetimeSeconds"
            inputMode="numeric"
            aria-invalid={Boolean(error)}
            {...form.register("lifetimeSeconds")}
          />
        </FormField>
      ) : null}
    </div>
  );
}
