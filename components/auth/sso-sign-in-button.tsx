"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * "Sign in with Okta": starts the authorization code flow with the company's provider (next-auth
 * provider `oidc`), which comes back to the callback path with the person signed in, or to the
 * sign-in page with why not.
 */
export function SsoSignInButton({ name, callbackPath }: { name: string; callbackPath: string }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <Button
      type="button"
      variant="primary"
      disabled={leaving}
      onClick={() => {
        setLeaving(true);
        void signIn("oidc", { callbackUrl: callbackPath }).catch(() => setLeaving(false));
      }}
    >
      {leaving ? `Opening ${name}…` : `Sign in with ${name}`}
    </Button>
  );
}
