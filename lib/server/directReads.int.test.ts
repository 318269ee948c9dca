import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { LOCAL_CACHE_CONTROL } from "../http/localReply";
import { installPeerStamp } from "../http/peerStamp";
import { MASKED, redactEvents } from "../upstream/privacy";
import { useUpstream } from "../upstream/testing/env";
import { answerDirectly } from "./directReads";
import { dashboardApp } from "./dashboardRoot";

/**
 * The reads answered before Next's router (./directReads.ts), over a real socket: a server whose
 * every other request goes "to Next" (here: a plain "next" answer), against the real platform.
 */

const platform = inject("platformUrl");
const KEY = "demo_business_key";

describe("reads answered before Next's router", () => {
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    useUpstream(platform, KEY, { LINK_CACHE_TTL_MS: "60000" });
    // The socket (127.0.0.1) is a trusted proxy: what it forwards for decides who the client is.
    process.env.TRUSTED_PROXIES = "127.0.0.1";
    installPeerStamp();
    const app = await dashboardApp();
    server = http.createServer((message, res) => {
      // A header Headers refuses (a name with a space), as a client's request could hold one that Node's parser lets through.
      if (message.headers["x-test-refused-header"]) message.rawHeaders.push("not a token", "x");
      if (!answerDirectly(app, message, res, "http:")) res.end("next");
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    delete process.env.TRUSTED_PROXIES;
  });

  const get = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init);

  it("answers a page of events as the route does: the platform's body redacted, the API's headers, sent as it is", async () => {
    const query = "event=clicks&interval=30d&limit=5";
    const [viaDashboard, viaPlatform] = await Promise.all([
      get(`/api/events?${query}`),
      fetch(`${platform}/events?${query}`, { headers: { Authorization: `Bearer ${KEY}` } }),
    ]);
    expect(viaDashboard.status).toBe(200);
    const body = await viaDashboard.text();
    expect(body).toBe(JSON.stringify(redactEvents((await viaPlatform.json()) as unknown[], MASKED)));
    expect(viaDashboard.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
    expect(viaDashboard.headers.get("content-type")).toBe("application/json");
    expect(viaDashboard.headers.get("cache-control")).toBe(LOCAL_CACHE_CONTROL);
    expect(viaDashboard.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(viaDashboard.headers.get("x-frame-options")).toBe("DENY");
    expect(viaDashboard.headers.get("x-content-type-options")).toBe("nosniff");
    expect(viaDashboard.headers.get("referrer-policy")).toBe("no-referrer");
    // The second time from the dashboard's cache, the same bytes.
    const again = await get(`/api/events?${query}`);
    expect(again.headers.get("x-linklens-cache")).toBe("hit");
    expect(await again.text()).toBe(body);
  });

  it("answers /api/analytics and the workspace's own path; HEAD without a body", async () => {
    const analytics = await get("/api/analytics?event=clicks&interval=30d&groupBy=count");
    expect(analytics.status).toBe(200);
    expect(await analytics.json()).toHaveProperty("clicks");
    const head = await get("/api/events?limit=1", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const unknown = await get("/api/w/no-such-workspace/events?limit=1");
    expect(unknown.status).toBe(404);
    expect(errorBodySchema.parse(await unknown.json()).error.code).toBe("not_found");
    expect(unknown.headers.get("x-frame-options")).toBe("DENY");
  });

  it("refuses what proxy.ts refuses: another site, another Host, a path that is not text, a bad query", async () => {
    const refused = async (path: string, headers: Record<string, string>) => {
      const answer = await get(path, { headers });
      return { status: answer.status, code: errorBodySchema.parse(await answer.json()).error.code };
    };
    expect(await refused("/api/events?limit=1", { "sec-fetch-site": "cross-site" })).toEqual({
      status: 403,
      code: "forbidden",
    });
    expect(await refused("/api/analytics", { origin: "https://evil.example" })).toEqual({
      status: 403,
      code: "forbidden",
    });
    // fetch keeps its own Host: a DNS-rebinding page's request, sent as it would arrive.
    const rebound = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const sent = http.get(`${base}/api/events?limit=1`, { headers: { host: "evil.example" } }, (answer) => {
        let text = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk: string) => (text += chunk));
        answer.on("end", () => resolve({ status: answer.statusCode ?? 0, text }));
      });
      sent.on("error", reject);
    });
    expect(rebound.status).toBe(400);
    expect(errorBodySchema.parse(JSON.parse(rebound.text)).error.code).toBe("bad_request");
    expect(await refused("/api/s/%ff/events", {})).toEqual({ status: 400, code: "bad_request" });
    expect(await refused("/api/events?limit=0", {})).toMatchObject({ status: 422 });
  });

  it("answers a request that holds a header Headers refuses, without that header", async () => {
    const res = await get("/api/events?event=clicks&interval=30d&limit=5", {
      headers: { "x-test-refused-header": "1" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(5);
  });

  it("leaves the rest to Next: other methods, other paths", async () => {
    expect(await (await get("/api/events", { method: "POST" })).text()).toBe("next");
    for (const path of ["/api/w/acme/views", "/api/events/", "/api/eventsx", "/api/export", "/w/acme"])
      expect(await (await get(path)).text(), path).toBe("next");
  });

  it("gzips a client elsewhere's reply when it accepts gzip, as Next would; sends it as it is otherwise", async () => {
    const path = "/api/events?event=clicks&interval=30d&limit=20";
    const local = await get(path);
    const plain = Buffer.from(await local.arrayBuffer());
    expect(local.headers.get("content-encoding")).toBeNull();
    // Forwarded for by the trusted proxy: the client is elsewhere, and bytes cross a network.
    const elsewhere = { "x-forwarded-for": "203.0.113.5" };
    const zipped = await raw(`${base}${path}`, { ...elsewhere, "accept-encoding": "br;q=1, gzip;q=0.8" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.byteLength);
    expect(zipped.body.byteLength).toBeLessThan(plain.byteLength);
    expect(gunzipSync(zipped.body).equals(plain)).toBe(true);
    expect(zipped.headers["cache-control"]).not.toMatch(/no-transform/);

    const refused = await raw(`${base}${path}`, { ...elsewhere, "accept-encoding": "gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.equals(plain)).toBe(true);
  });
});

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode the body). */
function raw(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const sent = http.get(url, { headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
    });
    sent.on("error", reject);
  });
}
