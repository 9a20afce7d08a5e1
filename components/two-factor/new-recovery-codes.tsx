"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmPasswordDialog } from "@/components/fresh-identity/confirm-password-dialog";
import { useFreshIdentity } from "@/components/fresh-identity/use-fresh-identity";
import { SecondFactorPrompt } from "@/components/passkeys/second-factor-prompt";
import { useStepUp } from "@/components/passkeys/use-step-up";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { makeNewRecoveryCodesAction } from "@/lib/account-security/recovery-code-actions";
import { RecoveryCodes } from "@/components/recovery-codes/recovery-codes";

/**
 * Ten new recovery codes in place of one's own (used up, or seen by someone else): after the
 * password and a fresh second factor, as the server asks; shown once.
 */
export function NewRecoveryCodes({
  lost,
}: {
  /** What the codes stand in for, as RecoveryCodes says it. */
  lost?: { device: string; factor: string };
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const identity = useFreshIdentity();
  const stepUp = useStepUp("new-recovery-codes-code");
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string>();
  const [codes, setCodes] = useState<string[]>();

  async function make() {
    setFormError(undefined);
    setBusy(true);
    try {
      const result = await identity.withFreshIdentity(() => makeNewRecoveryCodesAction(stepUp.proof));
      if (!result || stepUp.askedFor(result)) return;
      if (result.ok) {
        setCodes(result.data.recoveryCodes);
        void queryClient.invalidateQueries({ queryKey: ["second-factor"] });
      } else setFormError(result.message);
    } finally {
      setBusy(false);
    }
  }

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        lost={lost}
        title="Your new recovery codes: save them"
        done={{
          label: "Done",
          onDone: () => {
            setCodes(undefined);
            router.refresh();
          },
        }}
      />
    );
  }
  return (
    <Card title="Recovery codes">
      <p className="text-sm text-slate-700">
        Used up, or seen by someone else? Make 10 new ones: they replace all of yours, and the earlier codes
        stop working.
      </p>
      {stepUp.prompt.asked ? <SecondFactorPrompt {...stepUp.prompt} /> : null}
      <FormError message={formError} />
      <div>
        <Button type="button" variant="secondary" onClick={make} disabled={busy}>
          {busy ? "Working…" : "Make new recovery codes"}
        </Button>
      </div>
      <ConfirmPasswordDialog {...identity.dialog} />
    </Card>
  );
}
