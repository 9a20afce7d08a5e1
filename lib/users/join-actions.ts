"use server";

import { definePublicAction } from "@/lib/auth/define-public-action";
import { choosePasswordSchema } from "./account-link-schemas";
import { choosePassword } from "./choose-password";

/**
 * The one action nobody is signed in for: a person chooses their password through their one-time
 * link. The link is the credential, checked by choosePassword; the password's strength is checked
 * there too, with the person's own words.
 */
export const choosePasswordAction = definePublicAction({
  name: "choose password",
  schema: choosePasswordSchema(),
  handler: async ({ token, password }, { db, origin }) => {
    const { email } = await choosePassword(db, { token, password }, origin);
    return { email, message: "Your password is set. Sign in with it." };
  },
});
