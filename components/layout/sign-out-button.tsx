"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** The company provider's sign-out address, for a single sign-on session; null otherwise. */
async function providerSignOut(): Promise<string | null> {
  try {
    const answer = await fetch("/api/session/provider-sign-out", { method: "POST" });
    const { url } = (await answer.json()) as { url?: unknown };
    return typeof url === "string" ? url : null;
  } catch {
    return null;
  }
}

export function SignOutButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    // Read while the session lasts: a single sign-on also ends at the company's provider.
    const provider = await providerSignOut();
    await signOut({ redirect: false });
    if (provider) {
      window.location.assign(provider);
      return;
    }
    router.replace("/login?reason=signed-out");
    router.refresh();
  }
  return (
    <Button variant="secondary" size="sm" onClick={onClick} disabled={busy}>
      {busy ? "Signing out…" : "Sign out"}
    </Button>
  );
}
