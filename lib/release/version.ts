import packageJson from "@/package.json" with { type: "json" };

/**
 * This release of Paydesk: package.json's version, bundled into the build by `next build` and read
 * by the command-line tools (tsx), so the server and `npm run db:*` always name the same release.
 */
export const PAYDESK_VERSION: string = packageJson.version;
