import type { DuckDBConnection } from "@duckdb/node-api";
import type { Store } from "../query/store";
import type { EventMirror } from "./eventMirrorStep";
import { COMPACT_EVERY, createStagedTables } from "./rollupFeed";
import { timedConn } from "./statementTimer";
import { StoreWriter } from "./storeWriter";
import { writeConn } from "./writeConn";

/** The writer over two connections of the platform's own kind (UTC, conversion clicks in place). */
export async function openStoreWriter(
  connect: () => Promise<DuckDBConnection>,
  store: Store,
  compactEvery = COMPACT_EVERY,
  mirror: EventMirror | null = null,
): Promise<StoreWriter> {
  const file = await connect();
  let derived: DuckDBConnection;
  try {
    derived = await connect();
  } catch (err) {
    file.closeSync();
    throw err;
  }
  try {
    if (store.rollups) await createStagedTables(derived);
  } catch (err) {
    file.closeSync();
    derived.closeSync();
    throw err;
  }
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    file.closeSync();
    derived.closeSync();
  };
  return new StoreWriter(
    timedConn("file", writeConn(file)),
    timedConn("derived", writeConn(derived)),
    store,
    close,
    compactEvery,
    mirror,
  );
}
