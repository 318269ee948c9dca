import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressedFor, MIN_COMPRESSED_BYTES } from "./compressedBody";

const page = new TextEncoder().encode(
  JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, country: "US" }))),
);

describe("compressedFor", () => {
  it("gzips a body worth it for a client that accepts gzip", async () => {
    const { body, encoding } = await compressedFor("gzip, deflate, br", "private, max-age=0", page);
    expect(encoding).toBe("gzip");
    expect(new Uint8Array(gunzipSync(body))).toEqual(page);
  });

  it("sends it as it is when the client refuses gzip, the reply says no-transform, or the body is small", async () => {
    expect((await compressedFor("gzip;q=0, identity", null, page)).encoding).toBeNull();
    expect((await compressedFor(undefined, null, page)).encoding).toBeNull();
    expect((await compressedFor("gzip", "private, no-store, no-transform", page)).encoding).toBeNull();
    const small = page.slice(0, MIN_COMPRESSED_BYTES - 1);
    expect(await compressedFor("gzip", null, small)).toEqual({ body: small, encoding: null });
  });
});
