import type { CreateLinkBody } from "../../contract/links";

export const UTM_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

/**
 * The destination with its UTM parameters, as the store keeps them (schema.sql: in the query
 * string, and in their own columns): a UTM field given in the body replaces the URL's (null or
 * empty removes it), one not given keeps the URL's.
 */
export function destinationWithUtm(body: CreateLinkBody): { url: string; utm: Record<UtmField, string | null> } {
  const url = new URL(body.url);
  const utm = {} as Record<UtmField, string | null>;
  for (const field of UTM_FIELDS) {
    const given = body[field];
    if (given !== undefined) {
      if (given === null || given === "") url.searchParams.delete(field);
      else url.searchParams.set(field, given);
    }
    utm[field] = url.searchParams.get(field);
  }
  return { url: url.toString(), utm };
}
