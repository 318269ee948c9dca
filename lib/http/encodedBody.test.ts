import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chosenEncoding, COMPRESS_FROM_BYTES, EncodedBodies } from "./encodedBody";

const big = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ event: "click", ip: `203.0.113.${i % 250}`, city: "Zürich •••" })));

describe("chosenEncoding", () => {
  it.each([
    ["gzip, deflate, br", "gzip"],
    ["br;q=1, gzip;q=0.5", "gzip"],
    ["gzip;q=0", "identity"],
    ["identity", "identity"],
    ["br", "identity"],
    ["", "identity"],
  ] as const)("Accept-Encoding %j → %s", (header, expected) => {
    expect(chosenEncoding(header)).toBe(expected);
  });

  it("no header: the body as it is", () => {
    expect(chosenEncoding(null)).toBe("identity");
  });
});

describe("EncodedBodies", () => {
  it("gzips a large body once per owner: every request for the same kept reply gets the same bytes", async () => {
    const bodies = new EncodedBodies<object>();
    const owner = {};
    const first = await bodies.encoded(owner, big, "gzip");
    const again = await bodies.encoded(owner, big, "gzip");
    expect(first.contentEncoding).toBe("gzip");
    expect(again.bytes).toBe(first.bytes);
    expect(gunzipSync(first.bytes).toString("utf8")).toBe(big);
    expect(first.bytes.byteLength).toBeLessThan(Buffer.byteLength(big) / 3);
  });

  it("another owner's body is its own", async () => {
    const bodies = new EncodedBodies<object>();
    await bodies.encoded({}, big, "gzip");
    const other = await bodies.encoded({}, "[1,2,3]".repeat(400), "gzip");
    expect(gunzipSync(other.bytes).toString("utf8")).toBe("[1,2,3]".repeat(400));
  });

  it("identity, or a body too small to be worth it: UTF-8 bytes, no Content-Encoding", async () => {
    const bodies = new EncodedBodies<object>();
    const plain = await bodies.encoded({}, big, "identity");
    expect(plain.contentEncoding).toBeNull();
    expect(new TextDecoder().decode(plain.bytes)).toBe(big);
    const small = "x".repeat(COMPRESS_FROM_BYTES - 1);
    const tiny = await bodies.encoded({}, small, "gzip");
    expect(tiny.contentEncoding).toBeNull();
    expect(new TextDecoder().decode(tiny.bytes)).toBe(small);
  });
});
