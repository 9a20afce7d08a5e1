/** Where a one-time invitation or reset link opens: /join/<token>. */
export const JOIN_PATH = "/join";
