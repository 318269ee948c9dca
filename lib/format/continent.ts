import type { CONTINENTS } from "../contract/events";

export type ContinentCode = (typeof CONTINENTS)[number];

export const CONTINENT_NAMES: Record<ContinentCode, string> = {
  AF: "Africa",
  AN: "Antarctica",
  AS: "Asia",
  EU: "Europe",
  NA: "North America",
  OC: "Oceania",
  SA: "South America",
};

export function continentName(code: string): string {
  return (CONTINENT_NAMES as Record<string, string>)[code.toUpperCase()] ?? code;
}
