/**
 * A pure function's results remembered per key, the most recently used `maxKept` of them, for the
 * life of the process (the server's, or a browser tab's). For what every component of a render
 * computes again from the same view and minute (its range in the view's zone, its plan of
 * requests): `TZDate` arithmetic that is the same for every render of a view within a minute. The
 * key must say everything the result depends on; callers must not change what they get.
 */
export function keptResults<A extends unknown[], R>(
  compute: (...args: A) => R,
  keyOf: (...args: A) => string,
  maxKept = 200,
): (...args: A) => R {
  const kept = new Map<string, R>();
  return (...args) => {
    const key = keyOf(...args);
    if (kept.has(key)) {
      const known = kept.get(key) as R;
      // Most recently used last: the first key is the one to forget.
      kept.delete(key);
      kept.set(key, known);
      return known;
    }
    const result = compute(...args);
    if (kept.size >= maxKept) kept.delete(kept.keys().next().value as string);
    kept.set(key, result);
    return result;
  };
}
