import { connect, createServer, type AddressInfo, type Socket } from "node:net";

/** One TCP connection through the tap, from the dashboard's side. */
export interface TappedConnection {
  /** Bytes the dashboard sent (its request). */
  sent: number;
  /** Bytes the platform sent back, and how many of them the dashboard was given. */
  answered: number;
  delivered: number;
  /** Who closed first: the dashboard ("client") or the platform ("server"). */
  closedBy?: "client" | "server";
  /** The tap closed the platform's side too: the platform saw the disconnect. */
  platformClosed: boolean;
}

export interface TcpTap {
  url: string;
  readonly connections: TappedConnection[];
  /** Resolves once `done()` holds, checked after every change: await an event, never a delay. */
  until(done: () => boolean): Promise<void>;
  close(): Promise<void>;
}

interface TapOptions {
  /** Keep the platform's bytes from the dashboard: a request stays unanswered however fast the platform is. */
  holdAnswers?: boolean;
}

/**
 * A TCP pass-through in front of the platform that passes a close on, as the network would: what
 * the dashboard does to its connection, the platform sees. It records each connection's traffic.
 */
export async function startTcpTap(target: string, options: TapOptions = {}): Promise<TcpTap> {
  const { hostname, port } = new URL(target);
  const connections: TappedConnection[] = [];
  const checks = new Set<() => void>();
  const changed = () => {
    for (const check of [...checks]) check();
  };
  const sockets = new Set<Socket>();

  const server = createServer((client) => {
    const entry: TappedConnection = { sent: 0, answered: 0, delivered: 0, platformClosed: false };
    connections.push(entry);
    const platform = connect(Number(port), hostname);
    sockets.add(client);
    sockets.add(platform);
    client.on("data", (chunk: Buffer) => {
      entry.sent += chunk.length;
      platform.write(chunk);
      changed();
    });
    platform.on("data", (chunk: Buffer) => {
      entry.answered += chunk.length;
      if (!options.holdAnswers) {
        entry.delivered += chunk.length;
        client.write(chunk);
      }
      changed();
    });
    const closed = (by: "client" | "server") => () => {
      entry.closedBy ??= by;
      client.destroy();
      platform.destroy();
      changed();
    };
    client.on("close", closed("client"));
    client.on("error", () => client.destroy());
    platform.on("close", () => {
      entry.platformClosed = true;
      closed("server")();
    });
    platform.on("error", () => platform.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    connections,
    until: (done) =>
      new Promise((resolve) => {
        const check = () => {
          if (!done()) return;
          checks.delete(check);
          resolve();
        };
        checks.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
