import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * The platform's suites run a second time with its events on ClickHouse (the read path, the
 * limits, the writes and the webhooks); lib/platform/clickhouse/parity.int.test.ts and
 * writeParity.int.test.ts compare both stores' answers request by request. The platforms a
 * suite opens itself take the project's store (lib/platform/testing/projectStore.ts).
 */
const CLICKHOUSE_SUITES = [
  "**/lib/platform/http/events.shapes.int.test.ts",
  "**/lib/platform/http/events.filters.int.test.ts",
  "**/lib/platform/http/events.paging.int.test.ts",
  "**/lib/platform/http/errors.int.test.ts",
  "**/lib/platform/query/analytics.shapes.int.test.ts",
  "**/lib/platform/query/analytics.time.int.test.ts",
  "**/lib/platform/query/saleAmounts.int.test.ts",
  "**/lib/platform/query/partners.int.test.ts",
  // Limits: rate limits and plan gating.
  "**/lib/platform/http/rateLimit.int.test.ts",
  "**/lib/platform/query/analytics.access.int.test.ts",
  // Writes: links, visits, tracking, the writer, deletes (each on a copy of the seed's events).
  "**/lib/platform/http/links.int.test.ts",
  "**/lib/platform/http/linkById.int.test.ts",
  "**/lib/platform/http/resolver.int.test.ts",
  "**/lib/platform/http/track.int.test.ts",
  "**/lib/platform/write/trackGroup.int.test.ts",
  "**/lib/platform/write/storeWriter.int.test.ts",
  "**/lib/platform/write/clickReplay.int.test.ts",
  "**/lib/platform/write/mirrorSettle.int.test.ts",
  // Webhooks: deliveries of events written to ClickHouse, retries.
  "**/lib/platform/webhooks/webhooks.int.test.ts",
  "**/lib/platform/clickhouse/webhookDelivery.int.test.ts",
];

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // Next builds server code with the react-server condition, where `server-only` is empty; tests run on the server too.
      "server-only": `${root}node_modules/server-only/empty.js`,
    },
  },
  test: {
    // Integration files spend most of their time waiting on the processes they start (platform,
    // PostgreSQL, Redis, workers): one file per core and at least two at once, not vitest's
    // default of one fewer than the cores (a single file at a time on a 2-core machine).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["**/*.test.ts"],
          // Every build's output (.next, .next-e2e, the bench's .next-bench): its node_modules links packages with their own tests.
          exclude: ["**/*.int.test.ts", "e2e/**", "node_modules/**", ".next*/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          exclude: ["e2e/**", "node_modules/**", ".next*/**"],
          // Seeds one small file and starts the platform processes once for all files.
          globalSetup: ["lib/platform/testing/globalSetup.ts", "lib/db/testing/globalSetup.ts"],
          setupFiles: ["lib/db/testing/setupDatabase.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration on ClickHouse",
          include: CLICKHOUSE_SUITES,
          // Read by the platform's global setup: the seed's events copied to ClickHouse (the server
          // at CLICKHOUSE_URL, else the in-process engine, npm chdb).
          env: { PLATFORM_STORE: "clickhouse" },
          globalSetup: ["lib/platform/testing/globalSetup.ts", "lib/db/testing/globalSetup.ts"],
          setupFiles: ["lib/db/testing/setupDatabase.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
