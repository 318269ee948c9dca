import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EVENT_KINDS } from "../../../contract/dimensions";
import { EVENT_TABLE } from "../../query/eventTables";
import { openClickHouse } from "../clickhouseDb";
import { openEventStore, type EventStore } from "../connect";
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

/** The database a store's URL names (its path; `default` when empty), as openClickHouse reads it. */
function databaseOf(url: string): string {
  return new URL(url).pathname.replace(/^\/+/, "") || "default";
}

let clones = 0;

/**
 * TEST-ONLY. A copy of the event store at `url` in a database of its own on the same ClickHouse,
 * migrated, its events copied there by the server (`INSERT … SELECT`, no rows through the test):
 * for a writable platform that must not change what the other tests read. Closing it drops the
 * database.
 */
export async function cloneEventStore(url: string): Promise<EventStore & { url: string }> {
  const source = databaseOf(url);
  const database = `linklens_clone_${process.pid}_${++clones}`;
  const admin = openClickHouse(url);
  try {
    await admin.db.command(`CREATE DATABASE ${database}`);
  } catch (err) {
    await admin.close();
    throw err;
  }
  const cloneUrl = new URL(url);
  cloneUrl.pathname = `/${database}`;
  const drop = async () => {
    try {
      await admin.db.command(`DROP DATABASE IF EXISTS ${database}`);
    } finally {
      await admin.close();
    }
  };
  let store: EventStore;
  try {
    store = await openEventStore(cloneUrl.toString());
  } catch (err) {
    await drop();
    throw err;
  }
  try {
    for (const kind of EVENT_KINDS) {
      const table = EVENT_TABLE[kind];
      await admin.db.command(`INSERT INTO ${database}.${table} SELECT * FROM ${source}.${table}`);
    }
  } catch (err) {
    await store.close();
    await drop();
    throw err;
  }
  return {
    url: cloneUrl.toString(),
    db: store.db,
    close: async () => {
      await store.close();
      await drop();
    },
  };
}
