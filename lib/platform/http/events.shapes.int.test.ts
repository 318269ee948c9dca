import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strictEvents, type ClickEvent, type LeadEvent, type SaleEvent } from "../../contract/events";
import { events } from "../testing/client";
import { strings, type Oracle } from "../testing/oracle";
import { list, openSeededEvents } from "../testing/seededEvents";

/**
 * GET /events against the real process: the seeded data, the events' shapes, and workspace isolation.
 * The other parameter rows: events.filters.int.test.ts, events.paging.int.test.ts.
 */

let oracle: Oracle;
let acme: string;
let globex: string;
let clicks: ClickEvent[];
let leads: LeadEvent[];
let sales: SaleEvent[];

beforeAll(async () => {
  ({ oracle, acme, globex, clicks, leads, sales } = await openSeededEvents());
});
afterAll(() => oracle?.close());

describe("the seeded data is rich enough for these tests", () => {
  it("has clicks, leads and sales for acme, under one page each", () => {
    expect(clicks.length).toBeGreaterThan(100);
    expect(clicks.length).toBeLessThan(1000);
    expect(leads.length).toBeGreaterThan(20);
    expect(leads.length).toBeLessThan(1000);
    expect(sales.length).toBeGreaterThan(5);
  });
});

describe("event shapes", () => {
  it("every kind passes the strict schema, with the event kind asked for", () => {
    expect(clicks.every((e) => e.event === "click")).toBe(true);
    expect(leads.every((e) => e.event === "lead")).toBe(true);
    expect(sales.every((e) => e.event === "sale")).toBe(true);
  });

  it("deprecated duplicates equal their successors", () => {
    for (const e of [...clicks, ...leads, ...sales]) {
      expect([e.click_id, e.link_id, e.domain, e.key, e.url]).toEqual([
        e.click.id,
        e.link.id,
        e.link.domain,
        e.link.key,
        e.click.url,
      ]);
      expect([e.continent, e.country, e.city, e.device, e.browser, e.os, e.ip]).toEqual([
        e.click.continent,
        e.click.country,
        e.click.city,
        e.click.device,
        e.click.browser,
        e.click.os,
        e.click.ip,
      ]);
      expect(e.qr).toBe(e.click.qr ? 1 : 0);
      expect(e.link.projectId).toBe(e.link.workspaceId);
      expect(e.link.tagId).toBe(e.link.tags?.[0]?.id ?? null);
      expect(e.link.shortLink).toBe(
        e.link.key === "_root" ? `https://${e.link.domain}` : `https://${e.link.domain}/${encodeURI(e.link.key)}`,
      );
      expect(new URL(e.link.qrCode).searchParams.get("url")).toBe(`${e.link.shortLink}?qr=1`);
      expect(e.click.qr).toBe(e.click.trigger === "qr");
    }
    for (const s of sales) {
      expect(s.saleAmount).toBe(s.sale.amount);
      expect(s.invoice_id).toBe(s.sale.invoiceId ?? "");
      expect(s.payment_processor).toBe(s.sale.paymentProcessor);
    }
  });

  it("leads and sales happen after their click, and every event belongs to acme", () => {
    for (const e of [...leads, ...sales])
      expect(Date.parse(e.timestamp)).toBeGreaterThanOrEqual(Date.parse(e.click.timestamp));
    for (const e of [...clicks, ...leads, ...sales]) expect(e.link.workspaceId).toBe(acme);
  });
});

describe("workspace isolation", () => {
  it("globex ids passed with the acme key return nothing of globex", async () => {
    const one = async (sql: string) => (await strings(oracle, sql, { ws: globex }))[0];
    const probes: Record<string, string> = {
      linkId: await one(`SELECT id FROM links WHERE workspace_id = $ws LIMIT 1`),
      domain: await one(`SELECT slug FROM domains WHERE workspace_id = $ws LIMIT 1`),
      tagId: await one(`SELECT id FROM tags WHERE workspace_id = $ws LIMIT 1`),
      folderId: await one(`SELECT id FROM folders WHERE workspace_id = $ws LIMIT 1`),
      partnerId: await one(`SELECT id FROM partners WHERE workspace_id = $ws LIMIT 1`),
      groupId: await one(`SELECT id FROM partner_groups WHERE workspace_id = $ws LIMIT 1`),
      partnerTagId: await one(`SELECT id FROM partner_tags WHERE workspace_id = $ws LIMIT 1`),
      customerId: await one(`SELECT customer_id FROM lead_events WHERE workspace_id = $ws LIMIT 1`),
    };
    for (const [param, value] of Object.entries(probes)) {
      expect(value, param).toBeDefined();
      for (const event of ["clicks", "leads", "sales"]) {
        const found = await list({ event, interval: "all", limit: "1000", [param]: value });
        expect(found, `${event} ${param}=${value}`).toEqual([]);
      }
    }
    const globexExternal = await one(
      `SELECT external_id FROM links WHERE workspace_id = $ws AND external_id IS NOT NULL LIMIT 1`,
    );
    const byExternal = await list({ interval: "all", limit: "1000", externalId: `ext_${globexExternal}` });
    expect(byExternal.every((e) => e.link.workspaceId === acme)).toBe(true);
  });

  it("the advanced key sees globex only", async () => {
    const found = strictEvents.events.parse(await events({ interval: "all", limit: "200" }, "advanced"));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((e) => e.link.workspaceId === globex)).toBe(true);
  });
});
