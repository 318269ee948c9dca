import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openClickHouse } from "../clickhouseDb";
import { startChdbFront } from "./chdbFront";

/**
 * TEST-ONLY. A ClickHouse for a test run: the server at CLICKHOUSE_URL when set (in a database of
 * the run's own, dropped afterwards: never the URL's own database), else the in-process engine
 * behind its loopback front (chdbFront.ts) in a temporary directory. Either way the platform
 * reaches it through @clickhouse/client at `url`.
 */
export interface TestClickHouse {
  url: string;
  /** Which ClickHouse it is, for test names and logs. */
  kind: "server" | "in-process";
  close(): Promise<void>;
}

export async function startTestClickHouse(env: NodeJS.ProcessEnv = process.env): Promise<TestClickHouse> {
  const server = env.CLICKHOUSE_URL;
  if (server) {
    const database = `linklens_test_${process.pid}_${Date.now()}`;
    const admin = openClickHouse(server);
    await admin.db.command(`CREATE DATABASE ${database}`);
    const url = new URL(server);
    url.pathname = `/${database}`;
    return {
      url: url.toString(),
      kind: "server",
      close: async () => {
        await admin.db.command(`DROP DATABASE IF EXISTS ${database}`);
        await admin.close();
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), "linklens-chdb-"));
  const front = await startChdbFront(dir);
  return {
    url: front.url,
    kind: "in-process",
    close: async () => {
      await front.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
