"use client";

import { useRouter } from "next/navigation";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded, failed } from "@/lib/outcome/outcome";
import { setSsoSecondFactorAction } from "@/lib/users/sso-settings-actions";
import type { SsoSecondFactorValues } from "@/lib/users/sso-settings-schema";

/** Settings → Single sign-on: whether a sign-in at the company's provider stands in for Paydesk's second factor. */
export function SsoSecondFactorForm({
  providerName,
  stepUpMinutes,
  defaultValues,
}: {
  providerName: string;
  /** PAYDESK_STEP_UP_MINUTES: how long a confirmation of the second factor counts. */
  stepUpMinutes: number;
  defaultValues: SsoSecondFactorValues;
}) {
  const router = useRouter();
  const { form, submit } = useActionForm({
    schema: () => import("@/lib/users/sso-settings-schema").then((schemas) => schemas.ssoSecondFactorSchema),
    defaultValues,
    action: setSsoSecondFactorAction,
    onSuccess: ({ message }) => {
      showOutcome(succeeded(message));
      router.refresh();
    },
    onFormError: (message) => showOutcome(failed(message)),
  });
  const { isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6" noValidate>
      <h2 className="font-semibold">Single sign-on ({providerName})</h2>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4" {...form.register("counts")} />
        <span>
          Count a sign-in with {providerName} as a second factor
          <span className="block text-xs text-slate-500">
            Off: approving a withdrawal or a pending change still asks for Paydesk&apos;s own code or passkey.
            On: for {stepUpMinutes} minutes after signing in with {providerName}, it does not (trust the
            provider&apos;s own second factor only if it requires one). Turning it on waits for a second
            admin.
          </span>
        </span>
      </label>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
