const digitsCache = new Map<string, number>();

/** Minor-unit digits of an ISO 4217 currency (usd 2, jpy 0, kwd 3); 2 when the runtime does not know it. */
export function minorDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsCache.get(code);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(code, digits);
  }
  return digits;
}

/** An integer amount in minor units as a plain decimal in major units: 4900 usd → "49.00", 4900 jpy → "4900". */
export function toMajorUnits(amount: number, currency: string): string {
  if (!Number.isFinite(amount)) return "";
  const digits = minorDigits(currency);
  const minor = BigInt(Math.round(Math.abs(amount)));
  const scale = 10n ** BigInt(digits);
  const whole = (minor / scale).toString();
  const sign = amount < 0 && minor !== 0n ? "-" : "";
  if (digits === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${(minor % scale).toString().padStart(digits, "0")}`;
}
