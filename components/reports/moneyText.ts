import type { Amounts } from "@/lib/analytics/customers";
import { formatMoney } from "@/lib/format/money";

/** Amounts per currency, each in its own ("$49.00 + €5.00"); never added across currencies. "—" for none. */
export function amountsText(amounts: Amounts): string {
  if (amounts.size === 0) return "—";
  return [...amounts].map(([currency, amount]) => formatMoney(amount, currency)).join(" + ");
}
