"use client";

import { useRouter } from "next/navigation";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded } from "@/lib/outcome/outcome";
import {
  STAFF_MAIL_CATEGORIES,
  staffMailModeLabel,
  staffMailModesFor,
  type StaffMailCategory,
  type StaffMailMode,
} from "@/lib/mail/staff/categories";
import { saveMailPreferencesAction } from "@/lib/mail/staff/actions";

/**
 * Each category of one's notifications: only in Paydesk, by email at once, or gathered in one
 * daily email at a time of one's choosing (in one's own time zone).
 */
export function MailPreferencesForm({
  offered,
  current,
  email,
  timeZone,
}: {
  offered: readonly StaffMailCategory[];
  current: { modes: Record<StaffMailCategory, StaffMailMode>; digestTime: string };
  email: string;
  timeZone: string;
}) {
  const router = useRouter();
  const { form, formError, submit } = useActionForm({
    schema: () => import("@/lib/mail/staff/preferences-schema").then((m) => m.mailPreferencesSchema),
    defaultValues: {
      modes: Object.fromEntries(offered.map((category) => [category, current.modes[category]])),
      digestTime: current.digestTime,
    },
    action: saveMailPreferencesAction,
    onSuccess: ({ message }) => {
      showOutcome(succeeded(message));
      router.refresh();
    },
  });
  const { errors, isSubmitting } = form.formState;
  const modes = form.watch("modes");
  const anyDigest = offered.some((category) => modes?.[category] === "digest");
  return (
    <form onSubmit={submit} className="grid gap-5 rounded-lg border border-slate-200 bg-white p-6" noValidate>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm text-slate-600">What also comes to {email}:</legend>
        {offered.map((category) => (
          <div key={category} className="grid gap-1.5 sm:grid-cols-[1fr_11rem] sm:items-center sm:gap-4">
            <label htmlFor={`mail-mode-${category}`} className="text-sm">
              {STAFF_MAIL_CATEGORIES[category]}
            </label>
            <Select id={`mail-mode-${category}`} {...form.register(`modes.${category}`)}>
              {staffMailModesFor(category).map((mode) => (
                <option key={mode} value={mode}>
                  {staffMailModeLabel(category, mode)}
                </option>
              ))}
            </Select>
          </div>
        ))}
      </fieldset>
      <FormField
        id="mail-digest-time"
        label="Daily digest at"
        error={errors.digestTime?.message}
        hint={
          anyDigest
            ? `Every day at this time in your time zone (${timeZone.replaceAll("_", " ")}, under Account → Display), one email lists what came since the last, if anything did.`
            : "Choose Daily digest for a kind of notification above to get it once a day at this time."
        }
      >
        <Input
          id="mail-digest-time"
          type="time"
          step={60}
          className="w-32"
          aria-invalid={errors.digestTime ? true : undefined}
          aria-describedby={errors.digestTime ? "mail-digest-time-error" : undefined}
          {...form.register("digestTime")}
        />
      </FormField>
      <FormError message={formError} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
