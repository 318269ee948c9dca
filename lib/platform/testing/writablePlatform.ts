import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import type { ChDb } from "../clickhouse/clickhouseDb";
import { createApp, type AppDeps } from "../http/platformApp";
import { openPlatform, type Platform, type PlatformOptions } from "../openPlatform";
import type { StoreWriter } from "../write/storeWriter";
import { authorization, readResponse, type ApiResponse, type RequestOptions } from "./client";
import { writableEvents, type ProjectEvents } from "./projectStore";
import { serveApp } from "./serveApp";

/**
 * A writable platform of the test's own, on a copy of the integration project's seeded file (the
 * shared platform process keeps reading the original), served on a loopback port. Its events are
 * on the project's store (./projectStore.ts): in "integration on ClickHouse", a copy of the seed's
 * events in a ClickHouse database of its own. Close it after the tests.
 */
export interface WritablePlatform {
  url: string;
  platform: Platform;
  writer: StoreWriter;
  /** The ClickHouse event store it writes its events to; null when they are in the file (DuckDB). */
  clickhouse: ChDb | null;
  request(
    path: string,
    options?: Pick<RequestOptions, "key" | "method"> & { body?: unknown; headers?: Record<string, string> },
  ): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface WritableOptions extends Omit<PlatformOptions, "writable"> {
  /**
   * Where its events are when `clickhouse` is not given: the project's store (the default), or
   * the file whatever the project serves (a test comparing both stores side by side).
   */
  eventStore?: "project" | "duckdb";
}

export async function startWritable(
  deps: Omit<AppDeps, "store" | "writer"> = {},
  { eventStore = "project", ...options }: WritableOptions = {},
): Promise<WritablePlatform> {
  const dir = await mkdtemp(join(tmpdir(), "linklens-writable-"));
  const file = join(dir, "platform.duckdb");
  await copyFile(inject("dataFile"), file);
  const events: ProjectEvents | null = options.clickhouse || eventStore === "duckdb" ? null : await writableEvents();
  const clickhouse = options.clickhouse ?? events?.db ?? null;
  let platform: Platform;
  try {
    platform = await openPlatform(file, { ...options, ...(clickhouse ? { clickhouse } : {}), writable: true });
  } catch (err) {
    await events?.close();
    throw err;
  }
  if (!platform.writer) throw new Error("a writable platform has a writer");
  const app = createApp({ rateLimitScale: 1000, ...deps, store: platform.store, writer: platform.writer });
  const served = await serveApp(app);
  return {
    url: served.url,
    platform,
    writer: platform.writer,
    clickhouse,
    async request(path, options = {}) {
      const headers: Record<string, string> = { ...authorization(options.key), ...options.headers };
      if (options.body !== undefined) headers["Content-Type"] = "application/json";
      const body =
        options.body === undefined
          ? undefined
          : typeof options.body === "string"
            ? options.body
            : JSON.stringify(options.body);
      return readResponse(
        await app.request(path, { method: options.method ?? (body === undefined ? "GET" : "POST"), headers, body }),
      );
    },
    async close() {
      await served.close();
      await platform.finish();
      platform.close();
      await events?.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
