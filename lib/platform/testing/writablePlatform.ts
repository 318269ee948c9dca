import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { createApp, type AppDeps } from "../http/platformApp";
import { openPlatform, type Platform, type PlatformOptions } from "../openPlatform";
import type { StoreWriter } from "../write/storeWriter";
import { authorization, readResponse, type ApiResponse, type RequestOptions } from "./client";
import { serveApp } from "./serveApp";

/**
 * A writable platform of the test's own, on a copy of the integration project's seeded file (the
 * shared platform process keeps reading the original), served on a loopback port. Close it after
 * the tests.
 */
export interface WritablePlatform {
  url: string;
  platform: Platform;
  writer: StoreWriter;
  request(
    path: string,
    options?: Pick<RequestOptions, "key" | "method"> & { body?: unknown; headers?: Record<string, string> },
  ): Promise<ApiResponse>;
  close(): Promise<void>;
}

export async function startWritable(
  deps: Omit<AppDeps, "store" | "writer"> = {},
  options: Omit<PlatformOptions, "writable"> = {},
): Promise<WritablePlatform> {
  const dir = await mkdtemp(join(tmpdir(), "linklens-writable-"));
  const file = join(dir, "platform.duckdb");
  await copyFile(inject("dataFile"), file);
  const platform = await openPlatform(file, { ...options, writable: true });
  if (!platform.writer) throw new Error("a writable platform has a writer");
  const app = createApp({ rateLimitScale: 1000, ...deps, store: platform.store, writer: platform.writer });
  const served = await serveApp(app);
  return {
    url: served.url,
    platform,
    writer: platform.writer,
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
      await platform.drain();
      platform.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
