import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import type { AppEnv } from "../http/context";

export interface ServedApp {
  url: string;
  close(): Promise<void>;
}

/** An app built in the test's process, served over a real socket on a free loopback port (as scripts/platform.ts serves it). */
export function serveApp(app: Hono<AppEnv>): Promise<ServedApp> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ("closeAllConnections" in server) server.closeAllConnections();
          }),
      });
    });
  });
}
