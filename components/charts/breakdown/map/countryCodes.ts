import { iso31661Alpha2ToNumeric } from "iso-3166/1-a2-to-1-n.js";
import { iso31661NumericToAlpha2 } from "iso-3166/1-n-to-1-a2.js";

/**
 * The platform names countries by ISO 3166-1 alpha-2 ("DE"); the map's geometry (world-atlas,
 * Natural Earth) by ISO numeric ("276"). The table between them is the `iso-3166` package's.
 */

/**
 * Shapes Natural Earth draws without an ISO code, named by the country a geolocation database
 * puts their visitors in: Kosovo has the user-assigned XK (the code the platform records), the
 * other two are counted in the country that ISO says they are part of.
 */
const UNCODED_SHAPES: Readonly<Record<string, string>> = {
  Kosovo: "XK",
  "N. Cyprus": "CY",
  Somaliland: "SO",
};

/** "276" or "004" → "DE" / "AF"; null for a code ISO does not assign. */
export function numericToAlpha2(numeric: string): string | null {
  const padded = numeric.padStart(3, "0");
  return Object.hasOwn(iso31661NumericToAlpha2, padded) ? iso31661NumericToAlpha2[padded] : null;
}

/** "DE" → "276"; null for a code ISO does not assign (XK included). */
export function alpha2ToNumeric(alpha2: string): string | null {
  const upper = alpha2.toUpperCase();
  return Object.hasOwn(iso31661Alpha2ToNumeric, upper) ? iso31661Alpha2ToNumeric[upper] : null;
}

/** The alpha-2 code a shape of the map stands for: by its numeric id, else by its name; null when neither says. */
export function shapeCountry(id: string | number | undefined, name: string | undefined): string | null {
  if (id !== undefined && id !== "") return numericToAlpha2(String(id));
  return name !== undefined && Object.hasOwn(UNCODED_SHAPES, name) ? UNCODED_SHAPES[name] : null;
}
