import { describe, expect, it } from "vitest";
import { BREAKDOWN_DISPLAY, describeRow, filterValueFlag, formatFilterValue } from "./dimensions";

describe("formatFilterValue", () => {
  it("names codes", () => {
    expect(formatFilterValue("country", "US")).toBe("United States");
    expect(formatFilterValue("continent", "EU")).toBe("Europe");
    expect(formatFilterValue("region", "US-CA")).toBe("US-CA");
  });

  it("puts a flag beside countries and regions only", () => {
    expect(formatFilterValue("country", "US")).toBe("United States");
    expect(
      ["country:DE", "region:US-CA", "city:Berlin"].map((p) =>
        filterValueFlag(p.split(":")[0] as "country", p.split(":")[1]),
      ),
    ).toEqual(["DE", "US", undefined]);
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
    expect(
      describeRow("top_links", { id: "l1", shortLink: "https://acme.link/spring", url: "https://acme.com/x" }).label,
    ).toBe("acme.link/spring");
    expect(describeRow("top_links", { id: "l1", domain: "acme.link", key: "spring" }).label).toBe("acme.link/spring");
    expect(describeRow("top_links", { id: "l1", url: "https://acme.com/x" }).detail).toBe("acme.com/x");
    expect(
      describeRow("top_link_tags", { tagId: "t1", tag: { id: "t1", name: "Launch", color: "red" } }),
    ).toMatchObject({ label: "Launch", tagColor: "red", value: "t1" });
    expect(describeRow("top_partners", { partnerId: "p1", partner: { id: "p1", name: "Ada" } }).label).toBe("Ada");
  });

  it("has nothing to add for plain values or odd rows: the value, formatted as its filter formats it", () => {
    expect(BREAKDOWN_DISPLAY.countries.describe).toBeUndefined();
    expect(describeRow("countries", { country: "US" })).toEqual({ value: "US", label: "United States", flag: "US" });
    expect(describeRow("top_partners", { partnerId: "p1", partner: null }).label).toBe("p1");
  });
});
