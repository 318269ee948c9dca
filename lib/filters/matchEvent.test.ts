import { describe, expect, it } from "vitest";
import { readEventElements } from "../contract/readEvents";
import { clickEvent, leadEvent, saleEvent } from "../contract/testing/events";
import { readView } from "./view";
import { eventMatches, unmatchableFilters } from "./matchEvent";

const read = (kind: "clicks" | "leads" | "sales", element: unknown) => readEventElements([element], kind).events[0];
const click = read("clicks", clickEvent());
const lead = read("leads", leadEvent());
const sale = read("sales", saleEvent(4900, "usd"));
const view = (raw: Parameters<typeof readView>[0]) => readView(raw, "UTC").query;

describe("a live event against the view's filters", () => {
  it("keeps what every filter lets through, including lists and exclusions", () => {
    expect(eventMatches(click, view({ country: "DE,US", device: "-Mobile" }))).toBe(true);
    expect(eventMatches(click, view({ country: "US" }))).toBe(false);
    expect(eventMatches(click, view({ country: "-DE" }))).toBe(false);
    expect(eventMatches(click, view({ continent: "EU", trigger: "link", referer: "google.com" }))).toBe(true);
    expect(eventMatches(click, view({ trigger: "qr" }))).toBe(false);
  });

  it("checks metadata on leads and sales as the platform compares it, and lets clicks through it", () => {
    const pro = view({ query: "metadata['plan']:'pro'" });
    expect(eventMatches(lead, pro)).toBe(true);
    expect(eventMatches(sale, pro)).toBe(true);
    expect(eventMatches(lead, view({ query: "metadata['plan']:'free'" }))).toBe(false);
    expect(eventMatches(click, pro)).toBe(true);
  });

  it("names the filters an event cannot tell, and lets them through", () => {
    const byGroup = view({ groupId: "grp_1", saleType: "new", country: "DE" });
    expect(unmatchableFilters(byGroup)).toEqual(["groupId", "saleType"]);
    expect(eventMatches(sale, byGroup)).toBe(true);
  });
});
