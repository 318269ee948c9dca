/**
 * Analytics groupings. Breakdown groupings name the row field holding the value that,
 * put in `filterParam`, filters the events to that row (clicking a bar adds this filter).
 */
export const BREAKDOWNS = [
  { groupBy: "continents", label: "Continents", rowKey: "continent", filterParam: "continent" },
  { groupBy: "countries", label: "Countries", rowKey: "country", filterParam: "country" },
  { groupBy: "regions", label: "Regions", rowKey: "region", filterParam: "region" },
  { groupBy: "cities", label: "Cities", rowKey: "city", filterParam: "city" },
  { groupBy: "devices", label: "Devices", rowKey: "device", filterParam: "device" },
  { groupBy: "browsers", label: "Browsers", rowKey: "browser", filterParam: "browser" },
  { groupBy: "os", label: "OS", rowKey: "os", filterParam: "os" },
  { groupBy: "triggers", label: "Triggers", rowKey: "trigger", filterParam: "trigger" },
  { groupBy: "referers", label: "Referrers", rowKey: "referer", filterParam: "referer" },
  { groupBy: "referer_urls", label: "Referrer URLs", rowKey: "refererUrl", filterParam: "refererUrl" },
  { groupBy: "top_links", label: "Links", rowKey: "id", filterParam: "linkId" },
  { groupBy: "top_urls", label: "Destination URLs", rowKey: "url", filterParam: "url" },
  { groupBy: "top_domains", label: "Domains", rowKey: "domain", filterParam: "domain" },
  { groupBy: "top_link_tags", label: "Tags", rowKey: "tagId", filterParam: "tagId" },
  { groupBy: "top_partners", label: "Partners", rowKey: "partnerId", filterParam: "partnerId" },
  { groupBy: "utm_sources", label: "Sources", rowKey: "utm_source", filterParam: "utm_source" },
  { groupBy: "utm_mediums", label: "Mediums", rowKey: "utm_medium", filterParam: "utm_medium" },
  { groupBy: "utm_campaigns", label: "Campaigns", rowKey: "utm_campaign", filterParam: "utm_campaign" },
  { groupBy: "utm_terms", label: "Terms", rowKey: "utm_term", filterParam: "utm_term" },
  { groupBy: "utm_contents", label: "Contents", rowKey: "utm_content", filterParam: "utm_content" },
] as const;

export type Breakdown = (typeof BREAKDOWNS)[number];
export type BreakdownGroupBy = Breakdown["groupBy"];
export const GROUP_BYS = ["count", "timeseries", ...BREAKDOWNS.map((b) => b.groupBy)] as const;
export type GroupBy = "count" | "timeseries" | BreakdownGroupBy;

export function breakdownOf(groupBy: string): Breakdown | undefined {
  return BREAKDOWNS.find((b) => b.groupBy === groupBy);
}
