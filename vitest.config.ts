import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // Next builds server code with the react-server condition, where `server-only` is empty; tests run on the server too.
      "server-only": `${root}node_modules/server-only/empty.js`,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "e2e/**", "node_modules/**", ".next/**", ".next-e2e/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          exclude: ["e2e/**", "node_modules/**"],
          // Seeds one small file and starts the platform processes once for all files.
          globalSetup: ["lib/platform/testing/globalSetup.ts", "lib/db/testing/globalSetup.ts"],
          setupFiles: ["lib/db/testing/setupDatabase.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
