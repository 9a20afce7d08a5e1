// `npm run build`, from lib/cli/finish-bundle.mjs: the command-line tools (lib/cli/paydesk.ts and
// the commands in lib/cli/commands.ts) bundled into one file inside .next/standalone, resolved as
// the tsx scripts resolve them (tsconfig's `@/` paths, the react-server condition, which makes
// "server-only" an empty module). The packages the server keeps external (native code, wasm) stay
// external here too, loaded from the bundle's node_modules, which the build's file trace filled.
import { createRequire } from "node:module";
import { join } from "node:path";
import { build } from "esbuild";
import nextConfig from "../../next.config.mjs";

/** Writes <bundle>/lib/cli/paydesk.cjs; throws when an external package is missing from the bundle. */
export async function bundleTools(root, bundle) {
  const external = nextConfig.serverExternalPackages ?? [];
  const outfile = join(bundle, "lib", "cli", "paydesk.cjs");
  const result = await build({
    entryPoints: [join(root, "lib", "cli", "paydesk.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    conditions: ["react-server"],
    tsconfig: join(root, "tsconfig.json"),
    external,
    logLevel: "warning",
  });
  if (result.errors.length > 0) throw new Error("bundling the command-line tools failed");
  const fromBundle = createRequire(outfile);
  const missing = external.filter((name) => !resolves(fromBundle, name));
  if (missing.length > 0)
    throw new Error(
      `the bundle's node_modules lacks ${missing.join(", ")}, which the command-line tools load`,
    );
}

function resolves(require, name) {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
}
