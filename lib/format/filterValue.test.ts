import { describe, expect, it } from "vitest";
import { filterValueFlag, formatFilterValue } from "./filterValue";
import { analyticsRowDetail, analyticsRowLabel } from "./analyticsRow";

describe("formatFilterValue", () => {
  it("names codes", () => {
    expect(formatFilterValue("country", "US")).toBe("United States");
    expect(formatFilterValue("continent", "EU")).toBe("Europe");
    expect(formatFilterValue("region", "US-CA")).toBe("US-CA");
  });

  it("puts a flag beside countries and regions only", () => {
    expect(formatFilterValue("country", "US")).toBe("United States");
    expect(["country:DE", "region:US-CA", "city:Berlin"].map((p) => filterValueFlag(p.split(":")[0] as "country", p.split(":")[1]))).toEqual(["DE", "US", undefined]);
  });

  it("words booleans and enums", () => {
    expect(formatFilterValue("root", "true")).toBe("Root domains only");
    expect(formatFilterValue("root", "false")).toBe("Links only");
    expect(formatFilterValue("trigger", "qr")).toBe("QR scan");
    expect(formatFilterValue("saleType", "recurring")).toBe("Recurring");
  });

  it("shows other values as they are", () => {
    expect(formatFilterValue("device", "Mobile")).toBe("Mobile");
    expect(formatFilterValue("utm_source", "newsletter")).toBe("newsletter");
  });
});

describe("analytics row labels", () => {
  it("names id-valued rows", () => {
    expect(analyticsRowLabel("top_links", { id: "l1", shortLink: "https://acme.link/spring", url: "https://acme.com/x" })).toBe("acme.link/spring");
    expect(analyticsRowLabel("top_links", { id: "l1", domain: "acme.link", key: "spring" })).toBe("acme.link/spring");
    expect(analyticsRowDetail("top_links", { id: "l1", url: "https://acme.com/x" })).toBe("acme.com/x");
    expect(analyticsRowLabel("top_link_tags", { tagId: "t1", tag: { id: "t1", name: "Launch", color: "red" } })).toBe("Launch");
    expect(analyticsRowLabel("top_partners", { partnerId: "p1", partner: { id: "p1", name: "Ada" } })).toBe("Ada");
  });

  it("has nothing to add for plain values or odd rows", () => {
    expect(analyticsRowLabel("countries", { country: "US" })).toBeUndefined();
    expect(analyticsRowLabel("top_partners", { partnerId: "p1", partner: null })).toBeUndefined();
  });
});
