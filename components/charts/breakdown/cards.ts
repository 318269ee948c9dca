import type { BreakdownGroupBy, EventKind } from "@/lib/contract/dimensions";
import { BREAKDOWN_DISPLAY } from "@/lib/filters/dimensions";

export type TabSpec =
  | { id: BreakdownGroupBy; label: string; kind: "breakdown"; groupBy: BreakdownGroupBy }
  /** Two `count` requests (saleType=new, saleType=recurring) instead of a grouping. */
  | { id: "saleType"; label: string; kind: "saleType" };

/** How a card shows its open tab: bars, a table of every metric, or (a tab of countries) a map. */
export type CardDisplay = "list" | "table" | "map";

export interface CardSpec {
  id: string;
  title: string;
  tabs: readonly TabSpec[];
  /** The tab whose rows are countries, offered as a map. */
  mapTab?: BreakdownGroupBy;
  /** Shown only for these event kinds; absent means all. */
  events?: readonly EventKind[];
}

function tab(groupBy: BreakdownGroupBy, label?: string): TabSpec {
  return { id: groupBy, kind: "breakdown", groupBy, label: label ?? BREAKDOWN_DISPLAY[groupBy].label };
}

/** The breakdown grid as data: cards, their tabs (the first one loads first), and when they show. */
export const BREAKDOWN_CARDS: readonly CardSpec[] = [
  {
    id: "locations",
    title: "Locations",
    tabs: [tab("countries"), tab("regions"), tab("cities"), tab("continents")],
    mapTab: "countries",
  },
  { id: "devices", title: "Devices", tabs: [tab("devices"), tab("browsers"), tab("os"), tab("triggers")] },
  { id: "referrers", title: "Referrers", tabs: [tab("referers"), tab("referer_urls")] },
  {
    id: "links",
    title: "Top links",
    tabs: [tab("top_links"), tab("top_urls"), tab("top_domains"), tab("top_link_tags"), tab("top_folders")],
  },
  {
    id: "utm",
    title: "UTM",
    tabs: [tab("utm_sources"), tab("utm_mediums"), tab("utm_campaigns"), tab("utm_terms"), tab("utm_contents")],
  },
  {
    id: "sales",
    title: "Sales",
    events: ["sales"],
    tabs: [
      tab("top_partners"),
      tab("top_groups"),
      tab("top_partner_tags"),
      { id: "saleType", kind: "saleType", label: "New vs recurring" },
    ],
  },
];
