"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { showOutcome } from "@/components/ui/outcome-toast";
import { succeeded, failed } from "@/lib/outcome/outcome";

/**
 * The recovery codes, shown once right after enrollment (with the app, or a first passkey) or when
 * new ones were made: copy or download, then continue (to Paydesk, or `done`). `lost` names what
 * they stand in for.
 */
export function RecoveryCodes({
  codes,
  lost = { device: "your phone", factor: "a code from the app" },
  title = "Two-factor sign-in is on: save your recovery codes",
  done,
}: {
  codes: string[];
  lost?: { device: string; factor: string };
  title?: string;
  done?: { label: string; onDone: () => void };
}) {
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const text = `Paydesk recovery codes (each works once, instead of ${lost.factor}):\n\n${codes.join("\n")}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      showOutcome(succeeded("Recovery codes copied."));
    } catch {
      showOutcome(failed("Could not copy. Select the codes and copy them by hand."));
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "paydesk-recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <Card title={title}>
      <p className="text-sm text-slate-700">
        If you lose {lost.device}, each of these codes signs you in once instead of {lost.factor}. Keep them
        somewhere safe, such as a password manager. <strong>They are shown only now</strong>: Paydesk keeps
        only a fingerprint of each and cannot show them again.
      </p>
      <ul
        className="grid grid-cols-2 gap-2 font-mono text-sm"
        data-testid="recovery-codes"
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-50 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={copy}>
          Copy codes
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          Download as a text file
        </Button>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />I have
        saved my recovery codes
      </label>
      <Button
        type="button"
        disabled={!saved}
        onClick={() => {
          if (done) return done.onDone();
          router.replace("/");
          router.refresh();
        }}
      >
        {done?.label ?? "Continue to Paydesk"}
      </Button>
    </Card>
  );
}
