import { numberFormat } from "./intl";

/** Digits after the decimal point of a currency's minor unit: 2 for usd, 0 for jpy, 3 for kwd. */
export function minorUnitDigits(currency: string): number {
  try {
    return (
      numberFormat({ style: "currency", currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** An amount in the currency's minor unit (cents for usd, yen for jpy) as major units: 4900 usd → 49. */
export function toMajorUnits(amount: number, currency: string): number {
  return amount / 10 ** minorUnitDigits(currency);
}

/**
 * An integer amount in minor units as a plain decimal string in major units, exact at any size
 * (no float division): 4900 usd → "49.00", 4900 jpy → "4900", -250 usd → "-2.50". A fractional
 * amount is rounded to the minor unit first; a non-finite one gives "".
 */
export function majorUnitsText(amount: number, currency: string): string {
  if (!Number.isFinite(amount)) return "";
  const digits = minorUnitDigits(currency);
  const minor = BigInt(Math.round(Math.abs(amount)));
  const scale = 10n ** BigInt(digits);
  const sign = amount < 0 && minor !== 0n ? "-" : "";
  const whole = `${sign}${minor / scale}`;
  return digits === 0 ? whole : `${whole}.${(minor % scale).toString().padStart(digits, "0")}`;
}

/** 4900, "usd" → "$49.00"; an unknown currency code is shown after a plain number. */
export function formatMoney(amount: number, currency: string, options: { compact?: boolean } = {}): string {
  const code = currency.toUpperCase();
  const major = toMajorUnits(amount, code);
  try {
    return numberFormat({
      style: "currency",
      currency: code,
      ...(options.compact ? { notation: "compact", maximumFractionDigits: 1 } : {}),
    }).format(major);
  } catch {
    return `${numberFormat({ maximumFractionDigits: 2 }).format(major)} ${code}`;
  }
}
