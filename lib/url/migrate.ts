import { DEPRECATED_PARAMS, formatClause, readEventsQuery, type EventsQuery } from "../contract/query";

type Deprecated = keyof typeof DEPRECATED_PARAMS;

/** Where the contract puts a deprecated parameter's meaning, spelled as its successor. */
const SUCCESSOR_VALUE: Record<Deprecated, (query: EventsQuery) => string | null> = {
  tagIds: (query) => (query.filters.tagId ? formatClause(query.filters.tagId) : null),
  qr: (query) => (query.filters.trigger ? formatClause(query.filters.trigger) : null),
  order: (query) => query.sortOrder,
};

/**
 * The URL with deprecated names moved to their successors (`tagIds` → `tagId`, `qr=true` →
 * `trigger=qr`, `order` → `sortOrder`; a successor already present wins), or null when there is
 * nothing to migrate. The contract reads each old value, so the mapping lives there only. Done
 * once, when a page loads, so nothing else handles the old names. A value the contract refuses
 * stays where it is, and the page reports it.
 */
export function migrateDeprecated(search: URLSearchParams): URLSearchParams | null {
  const out = new URLSearchParams(search);
  let changed = false;
  for (const [old, successor] of Object.entries(DEPRECATED_PARAMS) as [Deprecated, string][]) {
    const value = out.get(old);
    if (value === null) continue;
    const { query, problems } = readEventsQuery({ [old]: value });
    const converted = problems.length === 0 ? SUCCESSOR_VALUE[old](query) : null;
    if (converted === null) continue;
    if (!out.has(successor)) out.set(successor, converted);
    out.delete(old);
    changed = true;
  }
  return changed ? out : null;
}
