/** Currencies at fixed seed rates, plans and payment processors. */

export type Currency = "usd" | "eur" | "gbp" | "cad" | "aud" | "jpy";

export interface CurrencyInfo {
  /** USD per one major unit. */
  readonly usdRate: number;
  /** Minor units per major unit. JPY has none: its amounts are stored in yen. */
  readonly minorUnits: 1 | 100;
  /** Local list price for a USD list price (in major units). */
  readonly localPrice: (usd: number) => number;
}

export const CURRENCIES: Readonly<Record<Currency, CurrencyInfo>> = {
  usd: { usdRate: 1, minorUnits: 100, localPrice: (usd) => usd },
  // SaaS price lists usually keep the same figure in EUR and GBP.
  eur: { usdRate: 1.08, minorUnits: 100, localPrice: (usd) => usd },
  gbp: { usdRate: 1.27, minorUnits: 100, localPrice: (usd) => usd },
  cad: { usdRate: 0.73, minorUnits: 100, localPrice: (usd) => Math.round(usd * 1.35) },
  aud: { usdRate: 0.66, minorUnits: 100, localPrice: (usd) => Math.round(usd * 1.5) },
  jpy: { usdRate: 0.0067, minorUnits: 1, localPrice: (usd) => Math.round((usd * 150) / 100) * 100 },
};

/** Amount in the currency's smallest stored unit (cents, or yen) for a USD list price in dollars. */
export function localAmount(currency: Currency, usdListPrice: number): number {
  const info = CURRENCIES[currency];
  return Math.round(info.localPrice(usdListPrice) * info.minorUnits);
}

/** USD cents for an amount stored in the currency's smallest unit. */
export function toUsdCents(currency: Currency, amount: number): number {
  const info = CURRENCIES[currency];
  return Math.round((amount / info.minorUnits) * info.usdRate * 100);
}

const EURO_COUNTRIES = new Set(["DE", "FR", "NL", "ES", "IT", "BE", "AT", "FI", "PT", "IE"]);

/** The currency a customer from this country most likely pays in, and how likely. */
export function homeCurrency(country: string): readonly [Currency, number] {
  if (EURO_COUNTRIES.has(country)) return ["eur", 0.85];
  if (country === "GB") return ["gbp", 0.85];
  if (country === "CA") return ["cad", 0.7];
  if (country === "AU") return ["aud", 0.7];
  if (country === "JP") return ["jpy", 0.8];
  return ["usd", 1];
}

export interface Plan {
  readonly name: string;
  readonly monthlyUsd: number; // dollars
  readonly weight: number;
}

export const PLANS: readonly Plan[] = [
  { name: "starter", monthlyUsd: 9, weight: 24 },
  { name: "pro", monthlyUsd: 29, weight: 34 },
  { name: "business", monthlyUsd: 99, weight: 22 },
  { name: "team", monthlyUsd: 199, weight: 12 },
  { name: "enterprise", monthlyUsd: 499, weight: 8 },
];

/** Weekly list price in dollars: about a quarter of the monthly one, ending in .99. */
export function weeklyUsd(plan: Plan): number {
  return Math.round(plan.monthlyUsd / 4) - 0.01;
}

/** One-off purchases (services, packs), in dollars. */
export const ONE_OFF_PRODUCTS: readonly (readonly [name: string, usd: number])[] = [
  ["Onboarding package", 750],
  ["Credit pack", 49],
  ["Custom domain setup", 149],
  ["Data migration", 1200],
  ["Premium support (1 year)", 2400],
  ["Workshop", 1500],
  ["Template bundle", 79],
];

export type Processor = "stripe" | "shopify" | "paddle" | "polar" | "custom";

export const PROCESSORS: readonly (readonly [Processor, number])[] = [
  ["stripe", 78],
  ["shopify", 7],
  ["paddle", 7],
  ["polar", 5],
  ["custom", 3],
];
