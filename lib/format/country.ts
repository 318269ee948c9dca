import { LOCALE } from "./intl";

const ALPHA2 = /^[A-Z]{2}$/;

let regionNames: Intl.DisplayNames | undefined;

/** English name of a country code; the code itself when unknown. */
export function countryName(code: string): string {
  const upper = code.toUpperCase();
  if (!ALPHA2.test(upper)) return code;
  regionNames ??= new Intl.DisplayNames([LOCALE], { type: "region", fallback: "code" });
  try {
    const name = regionNames.of(upper);
    return name && name !== "Unknown Region" ? name : upper;
  } catch {
    return upper;
  }
}

/**
 * The lowercase code a flag image is served under (/flags/us.svg), for a country the runtime
 * knows; null otherwise. Images, not emoji: Windows has no flag emoji.
 */
export function flagCode(code: string | null | undefined): string | null {
  if (!code) return null;
  const upper = code.toUpperCase();
  return ALPHA2.test(upper) && countryName(upper) !== upper ? upper.toLowerCase() : null;
}
