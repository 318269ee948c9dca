/**
 * Sales: about a third of customers buy; subscribers renew every week or month until they churn or
 * "now" is reached (annual plans and one-off purchases do not renew within a window). Weekly plans
 * are what gives a window of a few weeks its renewals.
 *
 * Customers pay in their own currency, and each sale is stored as the hosted platform stores it:
 * converted to USD cents when tracked, `currency: "usd"` (at the fixed seed rates of ref-money.ts).
 * The hosted platform keeps nothing else of the original; a client that wants it keeps it in the
 * sale's own metadata, and the seeded clients do: `original_currency` and `original_amount` (in
 * that currency's smallest unit) on every sale paid in another currency.
 */
import { Picker, Rng } from "./prng";
import {
  ONE_OFF_PRODUCTS,
  PLANS,
  PROCESSORS,
  homeCurrency,
  localAmount,
  toUsdCents,
  weeklyUsd,
  type Currency,
  type Plan,
} from "./ref-money";
import { DAY, HOUR } from "./timeline";
import type { Lead, Sale, TimeWindow } from "./types";

const MINUTE = 60_000;
const WEEK = 7 * DAY;
/** How much more (or less) likely than average each kind of lead is to buy. */
const BUY_FACTOR: Readonly<Record<string, number>> = {
  "Sign up": 0.9,
  "Start trial": 1.35,
  "Book demo": 1.6,
  "Newsletter signup": 0.4,
};

/** A sale's metadata, as the client sends it. */
type Metadata = Record<string, string | number>;

const plans = new Picker(
  PLANS,
  PLANS.map((p) => p.weight),
);
const processors = Picker.of(PROCESSORS);
const KIND_WEIGHTS = [
  ["monthly", 50],
  ["weekly", 18],
  ["annual", 17],
  ["one-off", 15],
] as const;
type Kind = (typeof KIND_WEIGHTS)[number][0];
const KINDS = Picker.of(KIND_WEIGHTS);

/** Subscriptions that renew within a window: the k-th renewal's time and the chance to churn before each. */
const RENEWALS: Partial<
  Record<Kind, { readonly at: (first: number, k: number) => number; readonly churn: number; readonly interval: string }>
> = {
  monthly: { at: (first, k) => addMonthsUtc(first, k), churn: 0.07, interval: "month" },
  weekly: { at: (first, k) => first + k * WEEK, churn: 0.025, interval: "week" },
};

function purchaseDelay(rng: Rng): number {
  const roll = rng.float();
  if (roll < 0.4) return 2 * MINUTE + Math.floor(rng.exp(20 * MINUTE));
  if (roll < 0.75) return HOUR + Math.floor(rng.float() * 3 * DAY);
  return 3 * DAY + Math.floor(rng.float() * 18 * DAY);
}

/** Same day of month (clamped to the month's length) and time of day, k months later. */
export function addMonthsUtc(ms: number, k: number): number {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + k;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const timeOfDay = ms - Date.UTC(y, d.getUTCMonth(), d.getUTCDate());
  return Date.UTC(y, m, Math.min(d.getUTCDate(), lastDay)) + timeOfDay;
}

function leadPlan(rng: Rng, lead: Pick<Lead, "metadata">): Plan {
  if (lead.metadata !== null && rng.chance(0.7)) {
    const wanted: unknown = (JSON.parse(lead.metadata) as Record<string, unknown>).plan;
    const plan = PLANS.find((p) => p.name === wanted);
    if (plan) return plan;
  }
  return plans.pick(rng);
}

/** What a lead's sales are made from: the lead, and its customer's country. */
export type SaleLead = Omit<Lead, "id"> & { readonly country: string | null };

/**
 * Sales of leads handed over one at a time, in time order (ties in generation order): the same
 * sales and draws as over all the leads at once. Each lead's sales come out in its own order; the
 * seed orders them by time (ties in that order) where they are written.
 */
export class SaleGenerator {
  private readonly rng: Rng;

  constructor(
    seed: number,
    private readonly window: TimeWindow,
    private readonly buyRates: ReadonlyMap<string, number>,
  ) {
    this.rng = Rng.stream(seed, "sales");
  }

  forLead(lead: SaleLead, sink: (sale: Sale) => void): void {
    const { rng, window } = this;
    const p = this.buyRates.get(lead.workspaceId)! * (BUY_FACTOR[lead.eventName] ?? 1);
    if (!rng.chance(p)) return;
    const first = lead.ts + purchaseDelay(rng);
    if (first >= window.end) return;
    const plan = leadPlan(rng, lead);
    const kind = KINDS.pick(rng);
    const [home, homeShare] = homeCurrency(lead.country ?? "US");
    const currency: Currency = rng.chance(homeShare) ? home : "usd";
    const processor = processors.pick(rng);
    const product = rng.pick(ONE_OFF_PRODUCTS);
    const usd =
      kind === "monthly"
        ? plan.monthlyUsd
        : kind === "weekly"
          ? weeklyUsd(plan)
          : kind === "annual"
            ? plan.monthlyUsd * 10
            : product[1];
    const paid = localAmount(currency, usd);
    const amount = toUsdCents(currency, paid);
    const original = currency === "usd" ? null : { original_currency: currency, original_amount: paid };
    const metadataOf = (fields: Metadata | null): string | null =>
      fields === null && original === null ? null : JSON.stringify({ ...fields, ...original });
    const renewals = RENEWALS[kind];
    const interval = renewals?.interval ?? "year";
    const sale = (ts: number, saleType: "new" | "recurring", metadata: Metadata | null): Sale => ({
      id: rng.base62(16),
      workspaceId: lead.workspaceId,
      clickIndex: lead.clickIndex,
      linkIndex: lead.linkIndex,
      linkId: lead.linkId,
      customerId: lead.customerId,
      ts,
      eventName: saleType === "new" ? "Purchase" : "Subscription renewal",
      amount,
      currency: "usd",
      invoiceId: rng.chance(0.88) ? `in_${rng.base62(24)}` : null,
      processor,
      saleType,
      metadata: metadataOf(metadata),
    });
    const firstMeta: Metadata | null = rng.chance(0.25)
      ? null
      : kind === "one-off"
        ? { product: product[0], quantity: 1 }
        : { plan: plan.name, interval };
    sink(sale(first, "new", firstMeta));
    if (!renewals) return;
    for (let k = 1; ; k++) {
      const ts = renewals.at(first, k) + rng.int(0, 30 * MINUTE);
      if (ts >= window.end || rng.chance(renewals.churn)) break;
      sink(sale(ts, "recurring", rng.chance(0.4) ? null : { plan: plan.name, interval, period: k + 1 }));
    }
  }
}
