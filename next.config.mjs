/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships wasm that must load from node_modules at run time, never be bundled
  // (bundling breaks webpack builds and copies 15 MB of wasm into public static files).
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg"],
  poweredByHeader: false,
  // `npm test` type-checks the whole repository first (tsc --noEmit); checking again here would
  // only double the build time.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Enables forbidden() and app/forbidden.tsx: a real 403 for pages a role may not open.
    authInterrupts: true,
  },
};

export default nextConfig;
