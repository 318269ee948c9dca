import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { postDelivery } from "./postDelivery";

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A receiver on a free port; `answer` handles each request once its body is read. */
async function receiver(answer: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => answer(req, body, res));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  closers.push(() => {
    server.close();
    server.closeAllConnections();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

describe("postDelivery", () => {
  it("POSTs the body and headers as given and answers the receiver's status", async () => {
    const seen: { method?: string; path?: string; signature?: string; length?: string; body?: string }[] = [];
    const url = await receiver((req, body, res) => {
      seen.push({
        method: req.method,
        path: req.url,
        signature: req.headers["dub-signature"] as string,
        length: req.headers["content-length"],
        body,
      });
      res.writeHead(seen.length === 1 ? 200 : 503).end("ignored");
    });
    const body = JSON.stringify({ id: "evt_1", data: { name: "Zoë" } });
    expect(await postDelivery(url, { "Dub-Signature": "abc" }, body, 5000)).toBe(200);
    expect(await postDelivery(url, { "Dub-Signature": "abc" }, body, 5000)).toBe(503);
    expect(seen[0]).toEqual({
      method: "POST",
      path: "/hook",
      signature: "abc",
      length: String(Buffer.byteLength(body)),
      body,
    });
  });

  it("does not follow a redirect", async () => {
    const url = await receiver((_req, _body, res) => res.writeHead(302, { Location: "http://127.0.0.1:1/" }).end());
    expect(await postDelivery(url, {}, "{}", 5000)).toBe(302);
  });

  it("rejects when the receiver does not answer in time", async () => {
    const url = await receiver(() => {});
    await expect(postDelivery(url, {}, "{}", 200)).rejects.toThrow("did not answer within 200 ms");
  });

  it("rejects when nobody listens, and for an address that is not http(s)", async () => {
    const url = await receiver((_req, _body, res) => res.end());
    closers.splice(0).forEach((close) => close());
    await expect(postDelivery(url, {}, "{}", 5000)).rejects.toThrow();
    await expect(postDelivery("ftp://127.0.0.1/hook", {}, "{}", 5000)).rejects.toThrow("Unsupported protocol");
  });
});
