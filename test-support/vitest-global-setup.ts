import { createDbTemplates } from "./db-templates";

/**
 * Once per vitest run: the migrated databases every test file's database is copied from
 * (test-support/db-templates.ts). Their whereabouts reach the workers through the environment,
 * which test-db.ts reads, so scripts outside vitest (bench/) create databases the plain way.
 */
export default async function setup() {
  const { templates, remove } = await createDbTemplates();
  process.env.PAYDESK_TEST_DB_TEMPLATES = JSON.stringify(templates);
  return remove;
}
