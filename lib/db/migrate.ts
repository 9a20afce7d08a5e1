import { join } from "node:path";

/** The migrations folder, resolved from the repository root, where the app and tests always run. */
export const MIGRATIONS_FOLDER = join(process.cwd(), "lib/db/migrations");
