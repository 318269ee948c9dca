import { CURRENCIES, toUsdCents, type Currency } from "../seed/ref-money";

const isKnown = (code: string): code is Currency => Object.hasOwn(CURRENCIES, code);

/**
 * A tracked amount as the hosted platform stores it: converted to USD cents at the seed's fixed
 * rates (lib/platform/seed/ref-money.ts); a currency without a rate is kept as given.
 */
export function storedAmount(amount: number, currency: string): { amount: number; currency: string } {
  const code = currency.toLowerCase();
  return isKnown(code) ? { amount: toUsdCents(code, amount), currency: "usd" } : { amount, currency: code };
}
