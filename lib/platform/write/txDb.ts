import type { Db } from "../query/db";
import { SerialQueue } from "./serialQueue";
import type { WriteTx } from "./storeWriter";

/** A write's transaction as a Db for the query layer's readers, one statement at a time (a connection runs one). */
export function txDb(tx: WriteTx): Db {
  const queue = new SerialQueue();
  return { all: (sql, params) => queue.run(() => tx.all(sql, params)) };
}
