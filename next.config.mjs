/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build folders let several builds (tests, benchmarks, developers) coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  poweredByHeader: false,
  // Native DuckDB bindings must be required at runtime, never bundled.
  serverExternalPackages: [
    "@duckdb/node-api",
    "@duckdb/node-bindings",
    "@duckdb/node-bindings-linux-x64",
    "@duckdb/node-bindings-linux-arm64",
    "@duckdb/node-bindings-darwin-x64",
    "@duckdb/node-bindings-darwin-arm64",
    "@duckdb/node-bindings-win32-x64",
  ],
};

export default nextConfig;
