import type { DuckDBConnection } from "@duckdb/node-api";
import type { Timers } from "../timers";
import type { StoreWriter } from "../write/storeWriter";
import { WebhookDispatcher } from "./dispatcher";
import { DeliveryQueue } from "./queue";
import { WEBHOOK_TABLES } from "./schema";
import { writeConn } from "../write/writeConn";

export interface WebhookServiceOptions {
  /** A connection of the platform's kind, for the sender's reads. */
  connect: () => Promise<DuckDBConnection>;
  writer: StoreWriter;
  now: () => Date;
  timers: Timers;
  send?: (url: string, init: RequestInit) => Promise<Response>;
}

export interface WebhookService {
  readonly dispatcher: WebhookDispatcher;
  stop(): void;
}

/**
 * The webhooks of a writable platform: the tables (created if missing), the queue's hook on every
 * write, and the sender, woken at once so that deliveries left pending by a previous process
 * (stopped, or killed mid-delivery) go out again.
 */
export async function startWebhooks(options: WebhookServiceOptions): Promise<WebhookService> {
  await options.writer.transact(async (tx) => {
    for (const ddl of WEBHOOK_TABLES) await tx.run(ddl);
  });
  const conn = await options.connect();
  const queue = new DeliveryQueue(writeConn(conn), options.writer, options.now);
  const dispatcher = new WebhookDispatcher({
    queue,
    now: options.now,
    timers: options.timers,
    send: options.send,
    writes: { busy: () => options.writer.groupsBusy, idle: () => options.writer.groupsIdle() },
  });
  options.writer.hook(queue.hook(() => dispatcher.wake()));
  dispatcher.wake();
  return {
    dispatcher,
    stop() {
      dispatcher.stop();
      conn.closeSync();
    },
  };
}
