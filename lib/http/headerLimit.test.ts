import { describe, expect, it } from "vitest";
import { MAX_HEADER_BYTES, nodeOptionsWithHeaderLimit } from "./headerLimit.mjs";

describe("the dashboard server's header limit", () => {
  it("holds the longest query string the contract allows", () => {
    // 10,000 characters of 3 UTF-8 bytes each, every byte percent-encoded.
    const metadata = `metadata['plan']:'${"€".repeat(9_981)}'`;
    expect(metadata).toHaveLength(10_000);
    const search = new URLSearchParams({ event: "leads", interval: "all", query: metadata }).toString();
    expect(search.length).toBeGreaterThan(89_000);
    // Room left for the path, the other parameters and the headers a browser sends.
    expect(MAX_HEADER_BYTES).toBeGreaterThan(search.length + 16_384);
  });

  it("is added to NODE_OPTIONS, replacing an earlier limit and keeping the rest", () => {
    expect(nodeOptionsWithHeaderLimit(undefined)).toBe(`--max-http-header-size=${MAX_HEADER_BYTES}`);
    expect(nodeOptionsWithHeaderLimit("--enable-source-maps --max-http-header-size=8192")).toBe(
      `--enable-source-maps --max-http-header-size=${MAX_HEADER_BYTES}`,
    );
  });
});
