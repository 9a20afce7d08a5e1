"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * For a person who cannot confirm with a password (they sign in with the company's sign-in, or
 * have none now): a fresh sign-in confirms them instead (lib/auth/sessions.ts: a sign-in with the
 * password or single sign-on proves the identity). The company sign-in button belongs here once
 * single sign-on is wired; until then, signing out leads to the sign-in page.
 */
export function SignInAgain() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function signInAgain() {
    setBusy(true);
    await signOut({ redirect: false });
    router.replace("/login?reason=signed-out");
    router.refresh();
  }
  return (
    <Button type="button" onClick={signInAgain} disabled={busy}>
      {busy ? "Signing out…" : "Sign out to sign in again"}
    </Button>
  );
}
