/** The links' all-time counters, derived from the generated events. */
import type { ClickColumns, Lead, LinkCounters, Sale } from "./types";

export function computeCounters(
  linkCount: number,
  clicks: ClickColumns,
  leads: readonly Lead[],
  sales: readonly Sale[],
): LinkCounters {
  const c: LinkCounters = {
    clicks: new Float64Array(linkCount),
    leads: new Float64Array(linkCount),
    conversions: new Float64Array(linkCount),
    sales: new Float64Array(linkCount),
    saleAmount: new Float64Array(linkCount),
    lastClicked: new Float64Array(linkCount).fill(NaN),
  };
  for (let i = 0; i < clicks.count; i++) {
    const li = clicks.link[i]!;
    c.clicks[li]! += 1;
    const ts = clicks.ts[i]!;
    if (!(c.lastClicked[li]! >= ts)) c.lastClicked[li] = ts; // NaN (never clicked) compares false
  }
  for (const lead of leads) c.leads[lead.linkIndex]! += 1;
  const converted = new Set<string>();
  for (const sale of sales) {
    c.sales[sale.linkIndex]! += 1;
    c.saleAmount[sale.linkIndex]! += sale.amount;
    if (!converted.has(sale.customerId)) {
      converted.add(sale.customerId);
      c.conversions[sale.linkIndex]! += 1;
    }
  }
  return c;
}
