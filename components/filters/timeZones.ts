/** Every zone the browser knows, grouped by area ("Europe", "America"…), with UTC on top. */
export interface ZoneGroup {
  area: string;
  zones: string[];
}

let cached: ZoneGroup[] | undefined;

export function zoneGroups(): ZoneGroup[] {
  if (cached) return cached;
  const byArea = new Map<string, string[]>();
  for (const zone of Intl.supportedValuesOf("timeZone")) {
    const area = zone.includes("/") ? zone.slice(0, zone.indexOf("/")) : "Other";
    byArea.set(area, [...(byArea.get(area) ?? []), zone]);
  }
  cached = [...byArea].map(([area, zones]) => ({ area, zones })).sort((a, b) => a.area.localeCompare(b.area));
  return cached;
}

export const zoneLabel = (zone: string) => zone.replaceAll("_", " ");
