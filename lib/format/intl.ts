/**
 * One fixed locale for every formatted string, so the server render and the browser's
 * hydration agree; Intl formatters are costly to build, so each one is built once.
 */
export const LOCALE = "en-US";

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, options);
    cache.set(key, format);
  }
  return format as Intl.NumberFormat;
}

export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, options);
    cache.set(key, format);
  }
  return format as Intl.DateTimeFormat;
}
