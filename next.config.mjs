import { PHASE_PRODUCTION_BUILD } from "next/constants.js";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build folders let several builds (tests, benchmarks, developers) coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  poweredByHeader: false,
  // Type checking is one of npm test's checks (tsc --noEmit), not a step of every build: it took
  // about 60 s of the first npm start. (Next 16 no longer runs ESLint during builds.)
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Turbopack's cache of the build (on by default in Next 16) is written at the end of every
    // build: 41 of a first build's 212 s on this 2-core machine under load, paid by every new
    // clone's first npm start, for a faster rebuild after a change.
    turbopackFileSystemCacheForBuild: false,
    // The server's code is not minified: Node reads it from disk once per process and gains nothing
    // from it, while minifying every group of routes' server bundles was about a quarter of a build's
    // CPU; unminified, its stack traces stay readable without source maps. The browser's code is
    // minified as before.
    serverMinification: false,
  },
  // Native DuckDB bindings must be required at runtime, never bundled.
  serverExternalPackages: [
    "@duckdb/node-api",
    "@duckdb/node-bindings",
    "@duckdb/node-bindings-linux-x64",
    "@duckdb/node-bindings-linux-arm64",
    "@duckdb/node-bindings-darwin-x64",
    "@duckdb/node-bindings-darwin-arm64",
    "@duckdb/node-bindings-win32-x64",
    // The dashboard's own database: PGlite loads its WebAssembly and data files from its package at run time.
    "@electric-sql/pglite",
    "pg",
    "@node-rs/argon2",
    // The proxy's HTTP client (its connector applies the address policy): loaded as Node loads it.
    "undici",
    // Server-only libraries that Node loads as they are: bundled, Turbopack compiled, minified and
    // mapped them again for every group of routes (@redis/client alone was 18.6 MB of the server's
    // output), which was half of the build's CPU time. The browser never loads them.
    "@redis/client",
    "nodemailer",
    "better-auth",
    "rate-limiter-flexible",
    "kysely",
    "zod",
    "ipaddr.js",
    "proxy-addr",
    "csv-stringify",
    "pngjs",
  ],
};

/**
 * A production build writes no source maps: the browser's never were (Next's default), and the
 * server's (Turbopack writes them by default, webpack never did) are read only by a Node started
 * with --enable-source-maps, which `next start` is not. `next dev` keeps its own.
 */
export default function config(phase) {
  if (phase !== PHASE_PRODUCTION_BUILD) return nextConfig;
  return { ...nextConfig, experimental: { ...nextConfig.experimental, turbopackSourceMaps: false } };
}
