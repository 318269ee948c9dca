import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { MAX_QUERY_LENGTH, formatMetadataQuery, parseMetadataQuery } from "./metadataQuery";

describe("metadata query grammar", () => {
  it("parses one clause", () => {
    expect(parseMetadataQuery("metadata['plan']:'pro'")).toEqual([{ key: "plan", value: "pro" }]);
  });

  it("tolerates spaces around brackets and the colon", () => {
    expect(parseMetadataQuery("  metadata[ 'plan' ] : 'pro'  ")).toEqual([{ key: "plan", value: "pro" }]);
  });

  it("joins clauses with AND, case-insensitively", () => {
    expect(parseMetadataQuery("metadata['plan']:'pro' AND metadata['source']:'ads' and metadata['x']:''")).toEqual([
      { key: "plan", value: "pro" },
      { key: "source", value: "ads" },
      { key: "x", value: "" },
    ]);
  });

  it("unescapes quotes and backslashes", () => {
    expect(parseMetadataQuery(String.raw`metadata['it\'s']:'a\\b\'c'`)).toEqual([
      { key: "it's", value: String.raw`a\b'c` },
    ]);
  });

  it("keeps SQL-looking and unicode text as plain data", () => {
    expect(parseMetadataQuery("metadata['k; DROP TABLE x']:'1\" OR 1=1 --'")).toEqual([
      { key: "k; DROP TABLE x", value: '1" OR 1=1 --' },
    ]);
    expect(parseMetadataQuery("metadata['clé']:'värde 🚀'")).toEqual([{ key: "clé", value: "värde 🚀" }]);
  });

  it("takes a value without quotes up to the next space, as the hosted platform does", () => {
    expect(parseMetadataQuery("metadata['productId']:premiumProductId")).toEqual([
      { key: "productId", value: "premiumProductId" },
    ]);
    expect(parseMetadataQuery("metadata['plan']:pro AND metadata['seats']:5")).toEqual([
      { key: "plan", value: "pro" },
      { key: "seats", value: "5" },
    ]);
  });

  it.each([
    "",
    "   ",
    "plan:pro",
    "metadata[plan]:pro",
    "metadata['']:'x'",
    "metadata['plan']:'pro' metadata['a']:'b'",
    "metadata['plan']:'pro' OR metadata['a']:'b'",
    "metadata['plan']:'pro' AND",
    "metadata['plan']:'unterminated",
  ])("refuses %j with a 400", (raw) => {
    try {
      parseMetadataQuery(raw);
      throw new Error("accepted");
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe("bad_request");
      expect((err as ApiError).message).toContain('"query"');
    }
  });

  it("refuses more than 10000 characters with a 422", () => {
    const raw = `metadata['k']:'${"v".repeat(MAX_QUERY_LENGTH)}'`;
    expect(() => parseMetadataQuery(raw)).toThrowError(/at most 10000/);
    expect(() => parseMetadataQuery(raw)).toThrowError(expect.objectContaining({ code: "unprocessable_entity" }));
  });

  it("formats back to a string that parses to the same clauses", () => {
    const clauses = [
      { key: "it's", value: String.raw`a\b` },
      { key: "plan", value: "pro" },
    ];
    expect(parseMetadataQuery(formatMetadataQuery(clauses))).toEqual(clauses);
  });
});
