import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    /** The signed-in user's id; everything else about them is read fresh from the database. */
    userId?: string;
  }
  interface User {
    sessionVersion: number;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    /** The user's session version when the token was issued (see lib/auth/session-token.ts). */
    sv?: number;
    /** Sign-in time, Unix seconds: the session ends SESSION_MAX_AGE_MINUTES after it, whatever happens. */
    signedInAt?: number;
  }
}
