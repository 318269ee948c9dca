import type { Db } from "../query/db";
import { SerialQueue } from "./serialQueue";
import type { WriteTx } from "./writeTx";

const JOINS = /\bJOIN\b/i;

/**
 * A write's transaction as a Db for the query layer's readers, one statement at a time (a connection runs one).
 * `prepared`: for reads sent with every batch (the webhook envelopes'), each filtered scan prepared once
 * (WriteTx.readPrepared: one round trip to DuckDB instead of three); a join is still planned afresh each time.
 */
export function txDb(tx: WriteTx, { prepared = false }: { prepared?: boolean } = {}): Db {
  const queue = new SerialQueue();
  return {
    all: (sql, params) =>
      queue.run(() => (prepared && !JOINS.test(sql) ? tx.readPrepared(sql, params) : tx.all(sql, params))),
  };
}
