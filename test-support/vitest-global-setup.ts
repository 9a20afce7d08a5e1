import { createDbTemplates } from "./db-templates";
import { announceTemplates } from "./pglite";

/**
 * Once per vitest run: the migrated databases every test file's database is copied from
 * (test-support/db-templates.ts). Their whereabouts reach the workers through the environment
 * (test-support/pglite.ts), so scripts outside vitest (bench/) create databases the plain way.
 */
export default async function setup() {
  const { templates, remove } = await createDbTemplates();
  announceTemplates(templates);
  return remove;
}
