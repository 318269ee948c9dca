import { describe, expect, it } from "vitest";
import { BREAKDOWN_CARDS } from "./cards";
import { TABS_IN_PAGE_ORDER, openTab, withOpenTab } from "./openTabs";

const card = (id: string) => BREAKDOWN_CARDS.find((c) => c.id === id)!;
const locations = card("locations");
const links = card("links");

describe("open tabs in the URL", () => {
  it("names every tab once, so one list can hold every card's", () => {
    expect(new Set(TABS_IN_PAGE_ORDER).size).toBe(TABS_IN_PAGE_ORDER.length);
  });

  it("opens a card's first tab unless the list names another of its tabs", () => {
    expect(openTab(locations, []).id).toBe("countries");
    expect(openTab(locations, ["top_urls"]).id).toBe("countries");
    expect(openTab(locations, ["top_urls", "cities"]).id).toBe("cities");
  });

  it("replaces only this card's entry and keeps page order", () => {
    expect(withOpenTab([], links, "top_urls")).toEqual(["top_urls"]);
    expect(withOpenTab(["top_urls"], locations, "regions")).toEqual(["regions", "top_urls"]);
    expect(withOpenTab(["regions", "top_urls"], locations, "cities")).toEqual(["cities", "top_urls"]);
  });

  it("leaves out a card back on its first tab", () => {
    expect(withOpenTab(["regions", "top_urls"], locations, "countries")).toEqual(["top_urls"]);
    expect(withOpenTab(["regions"], locations, "countries")).toEqual([]);
  });
});
