import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from the schema; they are applied by the app itself at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema/index.ts",
  out: "./lib/db/migrations",
});
