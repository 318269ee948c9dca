/** A page's `searchParams` prop as URLSearchParams (repeated names kept). */
export function toSearch(params: Record<string, string | string[] | undefined>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, one);
  }
  return out;
}
