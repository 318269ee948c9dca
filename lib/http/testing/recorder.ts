import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Recorded {
  path: string;
  authorization: string | undefined;
}

export interface Recorder {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  seen: Recorded[];
  /** What it answers next (a 200 HTML page by default). */
  answer(status: number, body: string, contentType?: string): void;
  close(): Promise<void>;
}

/** A loopback HTTP server that is no link platform: it records each request's path and Authorization header. */
export async function startRecorder(): Promise<Recorder> {
  const seen: Recorded[] = [];
  let reply = { status: 200, body: "<html><body>internal admin console</body></html>", contentType: "text/html" };
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url ?? "", authorization: req.headers.authorization });
    res.writeHead(reply.status, { "content-type": reply.contentType });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    answer(status, body, contentType = "application/json") {
      reply = { status, body, contentType };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
