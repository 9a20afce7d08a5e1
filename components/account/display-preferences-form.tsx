"use client";

import { useRouter } from "next/navigation";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded } from "@/lib/outcome/outcome";
import { displayFormatter } from "@/lib/display/formatter";
import { saveDisplayPreferencesAction } from "@/lib/display/preference-actions";
import { NUMBER_LOCALES, type DisplayPreferences } from "@/lib/display/preferences";

/** The zone every time is shown in, and how numbers are written; with a preview of both. */
export function DisplayPreferencesForm({
  current,
  timeZones,
}: {
  current: DisplayPreferences;
  timeZones: readonly string[];
}) {
  const router = useRouter();
  const { form, formError, submit } = useActionForm({
    schema: () => import("@/lib/display/preferences-schema").then((m) => m.displayPreferencesSchema),
    defaultValues: { timeZone: current.timeZone, numberLocale: current.locale },
    action: saveDisplayPreferencesAction,
    onSuccess: ({ message }) => {
      showOutcome(succeeded(message));
      router.refresh();
    },
  });
  const { errors, isSubmitting } = form.formState;
  const chosen = displayFormatter({ timeZone: form.watch("timeZone"), locale: form.watch("numberLocale") });
  const now = new Date();

  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6" noValidate>
      <FormField
        id="display-time-zone"
        label="Time zone"
        error={errors.timeZone?.message}
        hint="Every time in Paydesk is shown in this zone, with the zone's name beside it."
      >
        <Select
          id="display-time-zone"
          aria-invalid={errors.timeZone ? true : undefined}
          {...form.register("timeZone")}
        >
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="display-number-locale" label="Number format" error={errors.numberLocale?.message}>
        <Select
          id="display-number-locale"
          aria-invalid={errors.numberLocale ? true : undefined}
          {...form.register("numberLocale")}
        >
          {NUMBER_LOCALES.map(({ locale, example }) => (
            <option key={locale} value={locale}>
              {example} ({locale})
            </option>
          ))}
        </Select>
      </FormField>
      <div
        className="rounded-md bg-slate-50 p-3 text-sm"
        data-testid="display-preview"
        suppressHydrationWarning
      >
        <div>
          Now: <span suppressHydrationWarning>{chosen.dateTime(now)}</span>
        </div>
        <div>
          An invoice: {chosen.fiat("12500.5", "EUR")} · {chosen.fiat("1200", "JPY")} ·{" "}
          {chosen.crypto("19.565217", "USDT")}
        </div>
      </div>
      <FormError message={formError} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
