// `npm run config:check` (in the bundle: `node paydesk.cjs config:check`), with the environment a
// start gets (`node --env-file=/etc/paydesk/paydesk.env …`): the verdict a start would give on the
// configuration, without starting anything, opening the database or calling any service. Exits 0
// ("configuration OK" and what it will run as) or 78 (EX_CONFIG) with every problem, one a line.
import { parseStartupEnv } from "@/lib/env";
import { EXIT_CONFIG, isConfigError } from "@/lib/start-mode/config-error";
import { configurationSummary } from "@/lib/start-mode/configuration-summary";

function main() {
  // As the bundle starts (start.cjs): on 127.0.0.1 unless HOST says, and as a production server.
  const env = { ...process.env, HOST: process.env.HOST || "127.0.0.1", NODE_ENV: "production" };
  try {
    const checked = parseStartupEnv(env);
    console.log("configuration OK");
    for (const line of configurationSummary(checked)) console.log(`  ${line}`);
  } catch (error) {
    if (!isConfigError(error)) throw error;
    console.error(`config:check: ${error.message}`);
    process.exitCode = EXIT_CONFIG;
  }
}

export const run = async (_args: string[]) => main();
