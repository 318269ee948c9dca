import { describe, expect, it } from "vitest";
import { clickEvent, leadEvent, saleEvent, sampleClick, sampleLink } from "./testing/events";
import { deprecatedFields } from "./deprecatedFields";
import { looseEvents, strictEvents } from "./events";
import { readEventElements } from "./readEvents";

const issuePaths = (value: unknown) => {
  const result = strictEvents.event.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
};

describe("strict events: deprecated duplicates equal their successors", () => {
  it("accepts events whose duplicates are derived from their successors", () => {
    expect(
      strictEvents.events.safeParse([clickEvent(), leadEvent(), saleEvent(4900, "usd"), saleEvent(100, "eur", null)])
        .success,
    ).toBe(true);
  });

  const mismatches: [string, unknown][] = [
    ["click_id", "clk_other"],
    ["link_id", "link_other"],
    ["domain", "other.link"],
    ["key", "other"],
    ["url", "https://elsewhere.example"],
    ["continent", "NA"],
    ["country", "US"],
    ["city", "Paris"],
    ["device", "Mobile"],
    ["browser", "Safari"],
    ["os", "iOS"],
    ["qr", 1],
    ["ip", "198.51.100.7"],
  ];

  it.each(mismatches)("refuses a click event whose %s differs from its successor, and says which", (field, value) => {
    expect(issuePaths({ ...clickEvent(), [field]: value })).toEqual([field]);
  });

  it.each(mismatches)("refuses a lead event whose %s differs from its successor", (field, value) => {
    expect(issuePaths({ ...leadEvent(), [field]: value })).toEqual([field]);
  });

  it("qr follows click.qr as 1 or 0", () => {
    const qrClick = { ...sampleClick, qr: true, trigger: "qr" };
    expect(issuePaths({ ...clickEvent(qrClick), ...deprecatedFields(qrClick, sampleLink) })).toEqual([]);
    expect(issuePaths({ ...clickEvent(qrClick), ...deprecatedFields(qrClick, sampleLink), qr: 0 })).toEqual(["qr"]);
  });

  it.each([
    ["saleAmount", 4800],
    ["invoice_id", "in_other"],
    ["payment_processor", "paddle"],
  ])("refuses a sale event whose %s differs from the sale record", (field, value) => {
    expect(issuePaths({ ...saleEvent(4900, "usd"), [field]: value })).toEqual([field]);
  });

  it("a customer always carries a string externalId, as the hosted platform's SDK requires", () => {
    const lead = leadEvent();
    expect(issuePaths(lead)).toEqual([]);
    expect(issuePaths({ ...lead, customer: { ...lead.customer, externalId: null } })).toEqual(["customer.externalId"]);
    expect(looseEvents.leadEvent.safeParse({ ...lead, customer: { ...lead.customer, externalId: null } }).success).toBe(
      true,
    );
  });

  it('invoice_id is "" when sale.invoiceId is null', () => {
    expect(issuePaths(saleEvent(4900, "usd", null))).toEqual([]);
    expect(issuePaths({ ...saleEvent(4900, "usd", null), invoice_id: "null" })).toEqual(["invoice_id"]);
  });

  it("the loose schema does not hold the hosted platform to it", () => {
    expect(looseEvents.event.safeParse({ ...leadEvent(), click_id: "clk_other", qr: 1 }).success).toBe(true);
  });
});

/** A lead and a sale as the hosted platform was seen to send them: every variant that used to make an event unreadable. */
function hostedLead() {
  const { click_id: _dropped, ...lead } = leadEvent();
  return {
    ...lead,
    timestamp: "2026-11-20T08:30:05Z",
    click: { ...lead.click, timestamp: "2026-11-20T08:29:00Z" },
    link: {
      ...lead.link,
      createdAt: "2026-01-02T03:04:05Z",
      expiresAt: null,
      tags: [{ id: "tag_1", name: "Launch", color: "orange" }],
    },
  };
}

function hostedSale() {
  const sale = saleEvent(4900, "usd");
  return {
    ...sale,
    timestamp: "2026-11-20T09:00:00Z",
    sale: { ...sale.sale, currency: "USD", paymentProcessor: "lemonsqueezy" },
    payment_processor: "lemonsqueezy",
  };
}

describe("loose events: what the spec leaves unspecified does not make an event unreadable", () => {
  it("reads a hosted-platform lead with second-precision times, a null expiresAt, an unknown tag color and no click_id", () => {
    const page = readEventElements([hostedLead()], "leads");
    expect(page).toMatchObject({ received: 1, unreadable: 0 });
    const [lead] = page.events;
    expect(lead.timestamp).toBe("2026-11-20T08:30:05.000Z");
    expect(lead.link.createdAt).toBe("2026-01-02T03:04:05Z");
    expect(lead.link.expiresAt).toBeNull();
    expect(lead.link.tags?.[0]).toEqual({ id: "tag_1", name: "Launch", color: "orange" });
    expect(lead.click_id).toBeUndefined();
  });

  it("reads a hosted-platform sale with an upper-case currency and an unknown payment processor", () => {
    const page = readEventElements([hostedSale()], "sales");
    expect(page).toMatchObject({ received: 1, unreadable: 0 });
    const [sale] = page.events;
    expect(sale.event === "sale" && sale.sale).toMatchObject({
      amount: 4900,
      currency: "USD",
      paymentProcessor: "lemonsqueezy",
    });
    expect(sale.timestamp).toBe("2026-11-20T09:00:00.000Z");
  });

  it("reads events without what the spec does not show for leads and sales, or the link fields the UI does not need", () => {
    const { customer: _c, ...lead } = hostedLead();
    const { saleAmount: _a, invoice_id: _i, payment_processor: _p, customer: _sc, ...sale } = hostedSale();
    const { qrCode: _q, webhookIds: _w, projectId: _pr, lastClicked: _l, conversions: _co, ...link } = sampleLink;
    const click = { ...clickEvent(), link, click: { ...sampleClick, timestamp: "2026-11-20T08:30:00Z" } };
    expect(readEventElements([lead], "leads").events).toHaveLength(1);
    expect(readEventElements([sale], "sales").events).toHaveLength(1);
    const [read] = readEventElements([click], "clicks").events;
    expect(read.link.conversions).toBe(0);
  });

  it("the display timestamp falls back to click.timestamp, normalized, and an event with neither readable is skipped", () => {
    const lead = hostedLead();
    const [read] = readEventElements([{ ...lead, timestamp: "yesterday" }], "leads").events;
    expect(read.timestamp).toBe("2026-11-20T08:29:00.000Z");
    const timeless = { ...lead, timestamp: "yesterday", click: { ...lead.click, timestamp: null } };
    expect(readEventElements([timeless], "leads")).toMatchObject({ received: 1, unreadable: 1, events: [] });
  });

  it("the strict schema still refuses every one of these variants", () => {
    const lead = leadEvent();
    const variants: Record<string, unknown>[] = [
      { ...lead, timestamp: "2026-11-20T08:30:05Z" },
      { ...lead, click: { ...lead.click, timestamp: "2026-11-20T08:29:00Z" } },
      { ...lead, link: { ...lead.link, createdAt: "2026-01-02T03:04:05Z" } },
      { ...lead, link: { ...lead.link, expiresAt: null } },
      { ...lead, link: { ...lead.link, tags: [{ id: "tag_1", name: "Launch", color: "orange" }] } },
      hostedLead(),
      { ...saleEvent(4900, "usd"), sale: { ...saleEvent(4900, "usd").sale, currency: "USD" } },
      hostedSale(),
    ];
    for (const variant of variants)
      expect(strictEvents.event.safeParse(variant).success, JSON.stringify(variant).slice(0, 80)).toBe(false);
  });
});
