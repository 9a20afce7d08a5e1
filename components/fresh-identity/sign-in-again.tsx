"use client";

import { getProviders, signIn, signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * For a person who cannot confirm with a password (they sign in with the company's sign-in, or
 * single sign-on is required, or they have none now): a fresh sign-in confirms them instead. With
 * single sign-on, this session ends and the company's provider is asked to authenticate the person
 * again (prompt=login, max_age=0): only a sign-in it says is that fresh proves who they are
 * (lib/auth/sso/sso-sign-in.ts). Without it, signing out leads to the sign-in page.
 */
export function SignInAgain() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [sso, setSso] = useState<string | null>(null);
  useEffect(() => {
    void getProviders()
      .then((providers) => setSso(providers?.oidc?.name ?? null))
      .catch(() => setSso(null));
  }, []);

  async function signInAgain() {
    setBusy(true);
    await signOut({ redirect: false });
    if (sso) {
      await signIn("oidc", { callbackUrl: window.location.pathname }, { prompt: "login", max_age: "0" });
      return;
    }
    router.replace("/login?reason=signed-out");
    router.refresh();
  }
  return (
    <Button type="button" onClick={signInAgain} disabled={busy}>
      {busy ? "Signing out…" : sso ? `Sign in again with ${sso}` : "Sign out to sign in again"}
    </Button>
  );
}
