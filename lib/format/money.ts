import { numberFormat } from "./intl";

/** Digits after the decimal point of a currency's minor unit: 2 for usd, 0 for jpy, 3 for kwd. */
export function minorUnitDigits(currency: string): number {
  try {
    return numberFormat({ style: "currency", currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in the currency's minor unit (cents for usd, yen for jpy) as major units: 4900 usd → 49. */
export function toMajorUnits(amount: number, currency: string): number {
  return amount / 10 ** minorUnitDigits(currency);
}

/** 4900, "usd" → "$49.00"; an unknown currency code is shown after a plain number. */
export function formatMoney(amount: number, currency: string, options: { compact?: boolean } = {}): string {
  const code = currency.toUpperCase();
  const major = toMajorUnits(amount, code);
  try {
    return numberFormat({ style: "currency", currency: code, ...(options.compact ? { notation: "compact", maximumFractionDigits: 1 } : {}) }).format(major);
  } catch {
    return `${numberFormat({ maximumFractionDigits: 2 }).format(major)} ${code}`;
  }
}
