import "next-auth";

declare module "next-auth" {
  interface Session {
    /** The signed-in user's id; everything else about them is read fresh from the database. */
    userId?: string;
  }
}
