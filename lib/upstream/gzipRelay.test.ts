import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, relayFor } from "./gzipRelay";

const big = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ event: "click", ip: "203.0.113.•••", n: i })));
const reply = (status: number, body: string, headers: Record<string, string> = {}) => ({ status, body, headers: new Headers(headers) });

describe("acceptsGzip", () => {
  it.each([
    ["gzip, deflate, br, zstd", true],
    ["br;q=1.0, gzip;q=0.8", true],
    ["*", true],
    ["identity", false],
    ["gzip;q=0", false],
    ["gzip;q=0, *", false],
    ["*;q=0", false],
    ["deflate", false],
    [null, false],
  ] as const)("%s → %s", (header, expected) => expect(acceptsGzip(header)).toBe(expected));
});

describe("relayFor", () => {
  it("gzips a body the client takes gzipped: the same bytes and the relay's headers, saying so", async () => {
    const response = await relayFor("gzip, deflate", reply(200, big, { "x-ratelimit-limit": "4", "x-ratelimit-remaining": "3" }), "miss");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    // Else Next's compression gzips the gzipped body again (it does not read a handler's Content-Encoding).
    expect(response.headers.get("cache-control")).toBe("private, no-store, no-transform");
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("x-ratelimit-remaining")).toBe("3");
    expect(response.headers.get("x-linklens-cache")).toBe("miss");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(gunzipSync(bytes).toString()).toBe(big);
  });

  it("sends the body as it is to a client that does not take gzip, and a small body always", async () => {
    const plain = await relayFor(null, reply(200, big));
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(big);
    const small = await relayFor("gzip", reply(200, "[]"));
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.text()).toBe("[]");
  });

  it("compresses a kept reply once: a hit gets the same bytes, with the hit's own headers", async () => {
    const kept = reply(200, big, { "x-ratelimit-limit": "4", "x-ratelimit-remaining": "3" });
    const first = await relayFor("gzip", kept, "miss");
    const hit = await relayFor("gzip", kept, "hit");
    expect(Buffer.from(await hit.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    expect(hit.headers.get("x-linklens-cache")).toBe("hit");
    expect(hit.headers.get("x-ratelimit-remaining")).toBeNull();
  });

  it("compresses the body relay makes: an error without details in the spec's shape", async () => {
    const response = await relayFor("gzip", reply(500, `<html>${"x".repeat(2000)}</html>`));
    expect(response.status).toBe(500);
    const body: unknown = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString());
    expect(body).toMatchObject({ error: { message: expect.stringContaining("status 500") } });
  });
});
