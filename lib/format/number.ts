import { numberFormat } from "./intl";

/** 1234567 → "1,234,567". */
export function formatNumber(value: number): string {
  return numberFormat({ maximumFractionDigits: 0 }).format(value);
}

/** 1234 → "1.2K", 999 → "999". */
export function formatCompact(value: number): string {
  return numberFormat({ notation: "compact", maximumFractionDigits: 1 }).format(value);
}

/** 0.1234 → "12.3%". */
export function formatPercent(ratio: number, fractionDigits = 1): string {
  return numberFormat({ style: "percent", maximumFractionDigits: fractionDigits }).format(ratio);
}
