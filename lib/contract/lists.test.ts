import { describe, expect, it } from "vitest";
import { parseCustomersQuery } from "./customers";
import { MAX_OFFSET_PAGE } from "./cursorPages";
import { ApiError } from "./errors";
import { parseFoldersQuery } from "./folders";
import { parseLinksQuery } from "./links";
import { MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from "./listPages";
import { parsePartnersQuery } from "./partners";
import { parseTagsQuery } from "./tags";

const q = (search: string) => new URLSearchParams(search);

function refusal(call: () => unknown): { status: number; message: string } {
  try {
    call();
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("list endpoints' query parameters", () => {
  it("default as the hosted platform's SDK documents them", () => {
    expect(parseTagsQuery(q(""))).toEqual({
      sortBy: "name",
      sortOrder: "asc",
      search: undefined,
      ids: undefined,
      page: 1,
      pageSize: 100,
    });
    expect(parseFoldersQuery(q(""))).toEqual({ search: undefined, page: 1, pageSize: 50 });
    expect(parsePartnersQuery(q(""))).toMatchObject({
      sortBy: "totalSaleAmount",
      sortOrder: "desc",
      page: 1,
      pageSize: 100,
    });
    expect(parseCustomersQuery(q(""))).toMatchObject({
      sortBy: "createdAt",
      sortOrder: "desc",
      match: { by: "all" },
      page: { kind: "offset", page: 1, pageSize: 100 },
      includeExpandedFields: false,
    });
  });

  it("read tag ids repeated, as the SDK sends a list, or comma-separated", () => {
    expect(parseTagsQuery(q("ids=tag_a&ids=tag_b,tag_c&ids=")).ids).toEqual(["tag_a", "tag_b", "tag_c"]);
    expect(
      refusal(() => parseTagsQuery(q(`ids=${Array.from({ length: MAX_PAGE_SIZE + 1 }, (_, i) => `t${i}`).join(",")}`)))
        .status,
    ).toBe(422);
  });

  it("match a customer by email, else externalId, else search", () => {
    expect(parseCustomersQuery(q("email=a@x.io&externalId=u1&search=z")).match).toEqual({
      by: "email",
      value: "a@x.io",
    });
    expect(parseCustomersQuery(q("externalId=u1&search=z")).match).toEqual({ by: "externalId", value: "u1" });
    expect(parseCustomersQuery(q("search=z&email=")).match).toEqual({ by: "search", value: "z" });
  });

  it("take one cursor at most, in creation order only, never with a page number; page numbers up to 1,000", () => {
    for (const parse of [parseCustomersQuery, parseLinksQuery]) {
      expect(parse(q("startingAfter=cus_1&pageSize=5")).page).toEqual({ kind: "after", id: "cus_1", pageSize: 5 });
      expect(parse(q("endingBefore=cus_1&sortBy=createdAt&sortOrder=asc")).page).toEqual({
        kind: "before",
        id: "cus_1",
        pageSize: 100,
      });
      expect(parse(q(`page=${MAX_OFFSET_PAGE}`)).page).toEqual({
        kind: "offset",
        page: MAX_OFFSET_PAGE,
        pageSize: 100,
      });
      expect(refusal(() => parse(q("startingAfter=cus_1&endingBefore=cus_2")))).toMatchObject({
        status: 422,
        message: expect.stringContaining("both"),
      });
      expect(refusal(() => parse(q("startingAfter=cus_1&page=1")))).toMatchObject({
        status: 422,
        message: expect.stringContaining('"page"'),
      });
      expect(refusal(() => parse(q("endingBefore=cus_1&sortBy=saleAmount")))).toMatchObject({
        status: 422,
        message: expect.stringContaining("createdAt"),
      });
      expect(refusal(() => parse(q(`page=${MAX_OFFSET_PAGE + 1}`)))).toMatchObject({
        status: 422,
        message: expect.stringContaining("startingAfter"),
      });
    }
  });

  it("refuse what cannot be read with 400 and what is out of range with 422, naming the parameter", () => {
    expect(refusal(() => parseTagsQuery(q("page=two")))).toMatchObject({
      status: 400,
      message: expect.stringContaining('"page"'),
    });
    expect(refusal(() => parseFoldersQuery(q(`pageSize=${MAX_PAGE_SIZE + 1}`))).status).toBe(422);
    expect(refusal(() => parsePartnersQuery(q("sortBy=name"))).status).toBe(422);
    expect(refusal(() => parsePartnersQuery(q("country=usa")))).toMatchObject({
      status: 422,
      message: expect.stringContaining('"country"'),
    });
    expect(refusal(() => parseCustomersQuery(q("includeExpandedFields=yes"))).status).toBe(400);
    expect(refusal(() => parseCustomersQuery(q(`search=${"x".repeat(MAX_SEARCH_LENGTH + 1)}`))).status).toBe(422);
    expect(refusal(() => parseFoldersQuery(q("search=a&search=b"))).status).toBe(400);
  });
});
