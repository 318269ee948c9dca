import type { FilterClauses } from "../contract/query";
import type { EventKind } from "../contract/dimensions";
import { FILTER_LIST, appliesToKind, type Filter } from "../filters/dimensions";

/**
 * Composite analytics apply a filter only to the kinds it exists on (metadata: leads and sales;
 * sale type: sales). These are the active filters that narrow `to` but not `from`: a rate of
 * `to` per `from` then divides filtered counts by unfiltered ones.
 */
export function filtersNotOn(filters: FilterClauses, from: EventKind, to: EventKind): Filter[] {
  return FILTER_LIST.filter(
    (def) => filters[def.param] !== undefined && appliesToKind(def, to) && !appliesToKind(def, from),
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What a reader of a rate of `to` over the `from` kinds must know, or null when every count is
 * filtered alike: "Clicks are not filtered by metadata." Kinds missing the same filters share a sentence.
 */
export function unfilteredNote(filters: FilterClauses, from: readonly EventKind[], to: EventKind): string | null {
  const kindsByMissing = new Map<string, EventKind[]>();
  for (const kind of from) {
    const missing = filtersNotOn(filters, kind, to).map((def) => def.label.toLowerCase());
    if (missing.length === 0) continue;
    const key = missing.join(" or ");
    kindsByMissing.set(key, [...(kindsByMissing.get(key) ?? []), kind]);
  }
  const sentences = [...kindsByMissing].map(
    ([missing, kinds]) => `${capitalized(kinds.join(" and "))} are not filtered by ${missing}.`,
  );
  return sentences.length > 0 ? sentences.join(" ") : null;
}
