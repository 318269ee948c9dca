import { describe, expect, it } from "vitest";
import { readView } from "../filters/view";
import { filtersNotOn, unfilteredNote } from "./unfiltered";

const filtersOf = (raw: Parameters<typeof readView>[0]) => readView(raw, "UTC").query.filters;

describe("rates between counts filtered differently", () => {
  const metadata = filtersOf({ event: "leads", query: "metadata['plan']:'pro'", country: "US" });
  const saleType = filtersOf({ event: "sales", saleType: "new", country: "US" });
  const both = filtersOf({ event: "sales", saleType: "new", query: "metadata['plan']:'pro'" });

  it("finds a metadata filter between clicks and leads, not between leads and sales", () => {
    expect(filtersNotOn(metadata, "clicks", "leads").map((d) => d.param)).toEqual(["query"]);
    expect(filtersNotOn(metadata, "leads", "sales")).toEqual([]);
  });

  it("finds a sale type filter between leads and sales, not between clicks and leads", () => {
    expect(filtersNotOn(saleType, "leads", "sales").map((d) => d.param)).toEqual(["saleType"]);
    expect(filtersNotOn(saleType, "clicks", "leads")).toEqual([]);
  });

  it("needs no note when every filter applies to every kind", () => {
    const plain = filtersOf({ event: "sales", country: "US", device: "-Mobile" });
    expect(unfilteredNote(plain, ["clicks"], "leads")).toBeNull();
    expect(unfilteredNote(plain, ["clicks", "leads"], "sales")).toBeNull();
  });

  it("says which counts are not filtered by what", () => {
    expect(unfilteredNote(metadata, ["clicks"], "leads")).toBe("Clicks are not filtered by metadata.");
    expect(unfilteredNote(saleType, ["leads"], "sales")).toBe("Leads are not filtered by sale type.");
    expect(unfilteredNote(saleType, ["clicks", "leads"], "sales")).toBe(
      "Clicks and leads are not filtered by sale type.",
    );
    expect(unfilteredNote(both, ["clicks", "leads"], "sales")).toBe(
      "Clicks are not filtered by sale type or metadata. Leads are not filtered by sale type.",
    );
  });

  it("reads the same whatever kind the page shows: a filter of other kinds still narrows them", () => {
    const clicksView = filtersOf({ event: "clicks", query: "metadata['plan']:'pro'", saleType: "new" });
    const salesView = filtersOf({ event: "sales", query: "metadata['plan']:'pro'", saleType: "new" });
    expect(unfilteredNote(clicksView, ["clicks"], "leads")).toBe("Clicks are not filtered by metadata.");
    expect(unfilteredNote(clicksView, ["clicks"], "leads")).toBe(unfilteredNote(salesView, ["clicks"], "leads"));
  });
});
