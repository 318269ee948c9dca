import { LOCALE } from "./intl";

const ALPHA2 = /^[A-Z]{2}$/;
const REGIONAL_INDICATOR_A = 0x1f1e6;

let regionNames: Intl.DisplayNames | undefined;

/** The flag emoji of an ISO 3166-1 alpha-2 code (two regional indicator symbols); "" when not a code. */
export function flagEmoji(code: string): string {
  const upper = code.toUpperCase();
  if (!ALPHA2.test(upper)) return "";
  return String.fromCodePoint(...[...upper].map((c) => REGIONAL_INDICATOR_A + c.charCodeAt(0) - 65));
}

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

/** "🇺🇸 United States"; unknown codes stay as they are, without a flag. */
export function formatCountry(code: string): string {
  const name = countryName(code);
  const flag = flagEmoji(code);
  return flag && name !== code.toUpperCase() ? `${flag} ${name}` : code;
}
