/** The links' all-time counters, tallied from the events as they are generated. */
import type { ClickColumns, Lead, LinkCounters, Sale } from "./types";

export class CounterTally {
  readonly counters: LinkCounters;

  constructor(linkCount: number) {
    this.counters = {
      clicks: new Float64Array(linkCount),
      leads: new Float64Array(linkCount),
      conversions: new Float64Array(linkCount),
      sales: new Float64Array(linkCount),
      saleAmount: new Float64Array(linkCount),
      lastClicked: new Float64Array(linkCount).fill(NaN),
    };
  }

  addClicks(clicks: ClickColumns): void {
    const c = this.counters;
    for (let i = 0; i < clicks.count; i++) {
      const li = clicks.link[i]!;
      c.clicks[li]! += 1;
      const ts = clicks.ts[i]!;
      if (!(c.lastClicked[li]! >= ts)) c.lastClicked[li] = ts; // NaN (never clicked) compares false
    }
  }

  addLead(lead: Pick<Lead, "linkIndex">): void {
    this.counters.leads[lead.linkIndex]! += 1;
  }

  /** A lead's sales, all of them: its customer converted once, on the lead's link. */
  addSales(sales: readonly Pick<Sale, "linkIndex" | "amount">[]): void {
    const c = this.counters;
    for (const sale of sales) {
      c.sales[sale.linkIndex]! += 1;
      c.saleAmount[sale.linkIndex]! += sale.amount;
    }
    if (sales.length > 0) c.conversions[sales[0]!.linkIndex]! += 1;
  }
}
