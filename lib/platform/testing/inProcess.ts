import { inject } from "vitest";
import { createApp, type AppDeps } from "../http/platformApp";
import { openPlatform, type Platform } from "../openPlatform";
import { authorization, readResponse, type ApiResponse, type RequestOptions } from "./client";
import { readEvents } from "./projectStore";

/**
 * The real app in the test's own process, over the integration project's seeded file, with
 * whatever clock the test gives it: for tests of time windows, which advance that clock
 * instead of waiting. Its events are the project's (./projectStore.ts): in "integration on
 * ClickHouse", the seed's events on ClickHouse. Close it after the tests.
 */
export interface InProcessPlatform {
  request(path: string, options?: Pick<RequestOptions, "key" | "method">): Promise<ApiResponse>;
  close(): void;
}

export async function startInProcess(deps: Omit<AppDeps, "store">): Promise<InProcessPlatform> {
  const events = await readEvents();
  let platform: Platform;
  try {
    platform = await openPlatform(inject("dataFile"), events ? { clickhouse: events.db } : {});
  } catch (err) {
    await events?.close();
    throw err;
  }
  const app = createApp({ ...deps, store: platform.store });
  return {
    async request(path, options = {}) {
      return readResponse(
        await app.request(path, { method: options.method ?? "GET", headers: authorization(options.key) }),
      );
    },
    close() {
      platform.close();
      void events?.close();
    },
  };
}
