import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  signature: string | null;
  body: string;
}

/** How the receiver answers a delivery: a status, or never (the request hangs until the receiver closes). */
export type Answer = number | "hang";

/**
 * A webhook receiver on a loopback port for tests: records every delivery and answers as told.
 * `until` resolves once the deliveries received satisfy a condition, so tests wait on events,
 * never on the clock.
 */
export interface TestReceiver {
  url: string;
  received: Received[];
  answer: Answer;
  until(condition: (received: readonly Received[]) => boolean): Promise<void>;
  close(): Promise<void>;
}

export function startReceiver(answer: Answer = 200): Promise<TestReceiver> {
  const waiters: { condition: (r: readonly Received[]) => boolean; resolve: () => void }[] = [];
  const hanging = new Set<ServerResponse>();
  const receiver: Omit<TestReceiver, "url" | "close"> = {
    received: [],
    answer,
    until(condition) {
      if (condition(receiver.received)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ condition, resolve }));
    },
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const signature = req.headers["dub-signature"];
      receiver.received.push({ signature: typeof signature === "string" ? signature : null, body });
      for (const waiter of [...waiters]) {
        if (!waiter.condition(receiver.received)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      if (receiver.answer === "hang") {
        hanging.add(res);
        return;
      }
      res.writeHead(receiver.answer, { "Content-Type": "application/json" }).end("{}");
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve(
        Object.assign(receiver, {
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
          close: () =>
            new Promise<void>((done) => {
              for (const res of hanging) res.destroy();
              server.close(() => done());
              server.closeAllConnections();
            }),
        }),
      );
    });
  });
}
