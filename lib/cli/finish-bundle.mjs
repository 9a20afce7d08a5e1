#!/usr/bin/env node
// `npm run build`, after `next build`: makes .next/standalone a directory that runs on its own
// (README: Deploying). Next.js leaves out the browser's files and public/, which the server reads
// from beside server.js, and copies the build machine's .env files in, which would then configure
// every server the bundle is copied to: those are taken out (a deploy sets its environment itself).
import { cpSync, existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { bundleTools } from "./bundle-tools.mjs";

const root = process.cwd();
const bundle = join(root, ".next", "standalone");

if (!existsSync(join(bundle, "server.js"))) {
  console.error(
    'finish-bundle: no .next/standalone/server.js. Run `next build` first (next.config.mjs: output "standalone").',
  );
  process.exit(1);
}

rmSync(join(bundle, ".next", "static"), { recursive: true, force: true });
cpSync(join(root, ".next", "static"), join(bundle, ".next", "static"), { recursive: true });
if (existsSync(join(root, "public"))) {
  rmSync(join(bundle, "public"), { recursive: true, force: true });
  cpSync(join(root, "public"), join(bundle, "public"), { recursive: true });
}
const envFiles = readdirSync(bundle).filter((name) => /^\.env(\..+)?$/.test(name));
for (const name of envFiles) rmSync(join(bundle, name));
if (envFiles.length > 0) console.log(`finish-bundle: left out of the bundle: ${envFiles.join(", ")}`);
cpSync(join(root, "lib", "cli", "bundle-environment.cjs"), join(bundle, "bundle-environment.cjs"));
cpSync(join(root, "lib", "cli", "bundle-start.cjs"), join(bundle, "start.cjs"));
await bundleTools(root, bundle);
cpSync(join(root, "lib", "cli", "bundle-paydesk.cjs"), join(bundle, "paydesk.cjs"));
console.log(
  "finish-bundle: .next/standalone is ready: copy it whole, start it with `node start.cjs`; `node paydesk.cjs help` lists the command-line tools",
);
