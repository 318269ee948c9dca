/**
 * How many query strings an endpoint keeps the canonical form of. A dashboard view sends a few
 * tens of distinct ones and sends them again on every visit; past this many, the least recently
 * used is forgotten.
 */
export const KEPT_QUERIES = 500;

/** Longer query strings are canonicalized every time, so what is kept stays within about a megabyte. */
export const MAX_KEPT_QUERY_LENGTH = 2_048;

/**
 * `canonical` remembered per query string. The contract's parse and canonical form depend on the
 * text alone (a range without an end is checked against a clock only when the platform resolves
 * it), yet cost up to a fifth of a millisecond per request: an analytics query's `timezone` is
 * canonicalized through `Intl.DateTimeFormat`. A query the contract refuses throws its ApiError
 * every time and is not kept. The canonical form is given as its serialised text, the very
 * string kept: the cache's key and the platform's URL are made of it, with no URLSearchParams
 * made and serialised again per request.
 */
export function keptCanonical(
  canonical: (params: URLSearchParams) => URLSearchParams,
  maxKept = KEPT_QUERIES,
): (search: string) => string {
  const kept = new Map<string, string>();
  return (search) => {
    const known = kept.get(search);
    if (known !== undefined) {
      // Most recently used last: the first key is the one to forget.
      kept.delete(search);
      kept.set(search, known);
      return known;
    }
    const query = canonical(new URLSearchParams(search)).toString();
    if (search.length <= MAX_KEPT_QUERY_LENGTH) {
      if (kept.size >= maxKept) kept.delete(kept.keys().next().value as string);
      kept.set(search, query);
    }
    return query;
  };
}
