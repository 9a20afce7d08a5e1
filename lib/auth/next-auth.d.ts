import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    /** The signed-in user's id; everything else about them is read fresh from the database. */
    userId?: string;
  }
  interface User {
    /** The session signing in made (lib/auth/sessions.ts). */
    sessionId: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    /** The session's id: every request checks its row (lib/auth/sessions.ts). */
    sid?: string;
    /** A single sign-on's ID token, the hint for the provider's end_session_endpoint at sign-out. */
    idToken?: string;
  }
}
