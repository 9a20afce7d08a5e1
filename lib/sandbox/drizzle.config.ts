import { defineConfig } from "drizzle-kit";

// The sandbox keeps its own migrations, separate from the app's (lib/db).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/sandbox/db/schema.ts",
  out: "./lib/sandbox/db/migrations",
  migrations: { table: "__sandbox_migrations" },
});
