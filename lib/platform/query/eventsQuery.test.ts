import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveRange } from "../../contract/dateRange";
import { strictEvents, type LinkEvent } from "../../contract/events";
import { parseEventsQuery } from "../../contract/query";
import { FILTER_PARAMS } from "../../contract/dimensions";
import { NEVER } from "../../contract/timestamps";
import { listEvents } from "./eventsQuery";
import { createFixture, NOW, type Fixture } from "./testFixture";

let fx: Fixture;
beforeAll(async () => {
  fx = await createFixture();
});
afterAll(() => fx?.close());

const ACME_CREATED = new Date("2025-01-01T00:00:00Z");

async function list(qs: string, workspaceId = "ws_acme"): Promise<LinkEvent[]> {
  const query = parseEventsQuery(new URLSearchParams(qs));
  const range = resolveRange(query, NOW, ACME_CREATED);
  const events = await listEvents(fx.store, query, { workspaceId, range });
  return strictEvents.events.parse(events);
}

const idOf = (e: LinkEvent) => (e.event === "click" ? e.click.id : e.eventId);
const ids = async (qs: string, workspaceId?: string) => (await list(qs, workspaceId)).map(idOf);
const set = async (qs: string) => (await ids(qs)).sort();

describe("listing clicks", () => {
  it("lists the last 24h of the workspace, newest first, the id breaking timestamp ties", async () => {
    expect(await ids("")).toEqual(["c1", "c2", "c3", "c5", "c4"]);
    expect(await ids("sortOrder=asc")).toEqual(["c4", "c5", "c3", "c2", "c1"]);
    expect(await ids("order=asc")).toEqual(["c4", "c5", "c3", "c2", "c1"]);
  });

  it("interval=all reaches back to the workspace's creation; start/end bound the range", async () => {
    expect(await ids("interval=all")).toEqual(["c1", "c2", "c3", "c5", "c4", "c6"]);
    expect(await ids("start=2026-03-15T09:30:00Z&end=2026-03-15T10:00:00Z")).toEqual(["c2"]);
    expect(await ids("start=2026-03-14&end=2026-03-14")).toEqual(["c6"]);
  });

  it("pages are disjoint and concatenate", async () => {
    const all = await ids("interval=all");
    const pages = [
      await ids("interval=all&limit=2&page=1"),
      await ids("interval=all&limit=2&page=2"),
      await ids("interval=all&limit=2&page=3"),
    ];
    expect(pages.flat()).toEqual(all);
    expect(await ids("interval=all&limit=2&page=4")).toEqual([]);
  });
});

describe("every filter, with inclusion and exclusion", () => {
  const cases: [string, string[]][] = [
    ["domain=acme.link", ["c1", "c2", "c3"]],
    ["domain=-acme.link", ["c4", "c5"]],
    ["domain=acme.link,go.acme.com", ["c1", "c2", "c3", "c4", "c5"]],
    ["domain=acme.link&key=spring", ["c1", "c2"]],
    ["domain=globex.link&key=spring", []],
    ["linkId=lnk_3", ["c4", "c5"]],
    ["linkId=-lnk_3,lnk_2", ["c1", "c2"]],
    ["externalId=ext_abc", ["c1", "c2"]],
    ["externalId=ext_nope", []],
    ["tenantId=ten_1", ["c1", "c2"]],
    ["tenantId=-ten_1", ["c3", "c4", "c5"]],
    ["tagId=tag_a", ["c1", "c2"]],
    ["tagId=tag_b", ["c1", "c2", "c4", "c5"]],
    ["tagId=-tag_b", ["c3"]],
    ["tagIds=tag_a", ["c1", "c2"]],
    ["folderId=fold_2", ["c4", "c5"]],
    ["folderId=-fold_2", ["c1", "c2", "c3"]],
    ["root=true", ["c3"]],
    ["root=false", ["c1", "c2", "c4", "c5"]],
    ["partnerId=pn_1", ["c1", "c2"]],
    ["partnerId=-pn_1", ["c3", "c4", "c5"]],
    ["partnerTagId=ptag_1", ["c1", "c2"]],
    ["partnerTagId=-ptag_1", ["c3", "c4", "c5"]],
    ["groupId=grp_2", ["c4", "c5"]],
    ["groupId=-grp_2", ["c1", "c2", "c3"]],
    ["customerId=cus_1", ["c1"]],
    ["customerId=cus_g", []],
    ["country=US", ["c1", "c4"]],
    ["country=-US", ["c2", "c3", "c5"]],
    ["country=us,jp", ["c1", "c4", "c5"]],
    ["city=Paris,Tokyo", ["c3", "c5"]],
    ["region=US-CA", ["c1"]],
    ["continent=EU", ["c2", "c3"]],
    ["continent=-EU,NA", ["c5"]],
    ["device=Mobile", ["c2", "c4"]],
    ["browser=-Chrome", ["c2", "c5"]],
    ["os=Android", ["c3", "c4"]],
    ["trigger=qr", ["c2", "c5"]],
    ["trigger=-qr", ["c1", "c3", "c4"]],
    ["qr=true", ["c2", "c5"]],
    ["qr=false", ["c1", "c4"]],
    ["referer=(direct)", ["c2", "c4"]],
    ["refererUrl=https://google.com/path", ["c1", "c5"]],
    ["url=https://acme.com/summer", ["c4", "c5"]],
    ["utm_source=google", ["c1", "c2"]],
    ["utm_source=-google", ["c3", "c4", "c5"]],
    ["utm_medium=cpc", ["c1", "c2"]],
    ["utm_campaign=-spring", ["c3", "c4", "c5"]],
    ["utm_term=shoes", ["c1", "c2"]],
    ["utm_content=banner", ["c1", "c2"]],
    ["programId=prog_anything", ["c1", "c2", "c3", "c4", "c5"]],
    ["country=US&device=Mobile&tagId=tag_b", ["c4"]],
  ];
  it.each(cases)("%s", async (qs, expected) => {
    expect(await set(qs)).toEqual([...expected].sort());
  });

  it("cover every filter of the table (query and saleType below, with leads and sales)", () => {
    const covered = new Set(cases.flatMap(([qs]) => [...new URLSearchParams(qs).keys()]));
    covered.add("query").add("saleType");
    expect(FILTER_PARAMS.filter((param) => !covered.has(param))).toEqual([]);
  });
});

describe("leads and sales", () => {
  it("filters on click attributes and link attributes through their click and link", async () => {
    expect(await ids("event=leads")).toEqual(["l1", "l2", "l3"]);
    expect(await ids("event=leads&country=US")).toEqual(["l1", "l3"]);
    expect(await ids("event=leads&country=-US&domain=acme.link")).toEqual(["l2"]);
    expect(await ids("event=sales&tagId=tag_a")).toEqual(["s2", "s1"]);
    expect(await ids("event=leads&customerId=cus_2")).toEqual(["l2"]);
  });

  it("searches metadata, keys and values as data", async () => {
    expect(await ids("event=leads&query=metadata['plan']:'pro'")).toEqual(["l1"]);
    expect(await ids("event=leads&query=metadata['plan']:'pro' AND metadata['source']:'ads'")).toEqual(["l1"]);
    expect(await ids("event=leads&query=metadata['plan']:'pro' AND metadata['source']:'seo'")).toEqual([]);
    expect(await ids("event=leads&query=metadata['a/b']:'x'")).toEqual(["l2"]);
    expect(await ids(`event=leads&query=${encodeURIComponent(String.raw`metadata['it\'s']:'q"uote'`)}`)).toEqual([
      "l2",
    ]);
    expect(
      await ids(`event=leads&query=${encodeURIComponent(String.raw`metadata['plan\') OR 1=1 --']:'pro'`)}`),
    ).toEqual([]);
    expect(await ids(`event=leads&query=${encodeURIComponent(String.raw`metadata['$.plan']:'pro'`)}`)).toEqual([]);
    expect(await ids("event=sales&query=metadata['plan']:'team'")).toEqual(["s3"]);
  });

  it("filters sales by type", async () => {
    expect(await ids("event=sales")).toEqual(["s2", "s1", "s3"]);
    expect(await ids("event=sales&saleType=new")).toEqual(["s1", "s3"]);
    expect(await ids("event=sales&saleType=recurring")).toEqual(["s2"]);
  });
});

describe("workspace isolation", () => {
  it("ids of another workspace match nothing", async () => {
    for (const qs of [
      "linkId=lnk_g",
      "tagId=tag_g",
      "partnerId=pn_g",
      "partnerTagId=ptag_g",
      "groupId=grp_g",
      "folderId=fold_g",
      "domain=globex.link",
      "event=leads&customerId=cus_g",
    ]) {
      expect(await ids(qs), qs).toEqual([]);
    }
  });

  it("the same external id and tenant resolve within the workspace only", async () => {
    expect(await set("externalId=ext_abc")).toEqual(["c1", "c2"]);
    expect(await ids("externalId=ext_abc", "ws_glob")).toEqual(["g1", "g2"]);
    expect(await ids("event=leads&query=metadata['plan']:'pro'", "ws_glob")).toEqual(["lg"]);
  });
});

describe("event shapes", () => {
  it("click events carry the link record and the deprecated duplicates", async () => {
    const [c1, c2] = await list("linkId=lnk_1");
    if (c1.event !== "click" || c2.event !== "click") throw new Error("expected clicks");
    expect(c1.click).toMatchObject({
      id: "c1",
      country: "US",
      region: "US-CA",
      ua: "Mozilla/5.0",
      trigger: "link",
      qr: false,
      refererUrl: "https://google.com/path",
    });
    expect(c2.click).toMatchObject({ ua: null, trigger: "qr", qr: true });
    expect([c1.qr, c2.qr]).toEqual([0, 1]);
    expect(c1).toMatchObject({
      click_id: "c1",
      link_id: "lnk_1",
      domain: "acme.link",
      key: "spring",
      url: c1.click.url,
      country: "US",
      city: "San Francisco",
      ip: "203.0.113.7",
    });
    expect(c1.link).toMatchObject({
      id: "lnk_1",
      shortLink: "https://acme.link/spring",
      qrCode: "https://api.linklens.dev/qr?url=https%3A%2F%2Facme.link%2Fspring%3Fqr%3D1",
      externalId: "abc",
      expiresAt: NEVER,
      disabledAt: NEVER,
      testStartedAt: "2025-06-01T00:00:00.000Z",
      testCompletedAt: "2025-06-01T00:00:00.000Z",
      lastClicked: "2025-06-01T00:00:00.000Z",
      tags: [
        { id: "tag_a", name: "Alpha", color: "red" },
        { id: "tag_b", name: "Beta", color: "blue" },
      ],
      tagId: "tag_a",
      workspaceId: "ws_acme",
      projectId: "ws_acme",
      webhookIds: ["wh_1"],
      clicks: 10,
      saleAmount: 9800,
      geo: null,
      testVariants: null,
    });
  });

  it("root links, set timestamps, geo and test variants", async () => {
    const [c3] = await list("root=true");
    expect(c3.link).toMatchObject({
      key: "_root",
      shortLink: "https://acme.link",
      expiresAt: "2027-01-01T00:00:00.000Z",
      disabledAt: "2026-12-01T00:00:00.000Z",
      testStartedAt: "2025-07-01T00:00:00.000Z",
      geo: { US: "https://us.acme.com/" },
      testVariants: [
        { url: "https://acme.com/a", percentage: 50 },
        { url: "https://acme.com/b", percentage: 50 },
      ],
      tags: [],
      tagId: null,
      lastClicked: "2026-03-15T09:00:00.000Z",
      webhookIds: ["wh_1", "wh_2"],
    });
  });

  it("lead and sale events carry click, link, customer and sale", async () => {
    const [lead] = await list("event=leads&customerId=cus_1");
    if (lead.event !== "lead") throw new Error("expected a lead");
    expect(lead).toMatchObject({
      eventId: "l1",
      eventName: "Sign up",
      metadata: { plan: "pro", source: "ads" },
      click_id: "c1",
      link_id: "lnk_1",
    });
    expect(lead.click.id).toBe("c1");
    expect(lead.customer).toEqual({
      id: "cus_1",
      externalId: "ext-cus_1",
      name: "Name cus_1",
      email: "cus_1@example.com",
      avatar: null,
      country: "US",
      createdAt: "2025-09-01T00:00:00.000Z",
    });
    const [recurring, first] = await list("event=sales&customerId=cus_1");
    if (recurring.event !== "sale" || first.event !== "sale") throw new Error("expected sales");
    expect(recurring).toMatchObject({
      sale: { amount: 4500, currency: "eur", invoiceId: null, paymentProcessor: "paddle" },
      saleAmount: 4500,
      invoice_id: "",
      payment_processor: "paddle",
      metadata: null,
    });
    expect(first).toMatchObject({
      sale: { amount: 4900, currency: "usd", invoiceId: "inv_1", paymentProcessor: "stripe" },
      invoice_id: "inv_1",
    });
  });
});

describe("hostile values stay data", () => {
  it.each([
    "country=US' OR '1'='1",
    "city=x'); DROP TABLE click_events; --",
    'linkId=lnk_1" OR 1=1',
    "domain=%00acme.link",
    "tenantId=🚀,ten_1",
  ])("%s", async (qs) => {
    const query = new URLSearchParams(qs);
    let result: string[] | undefined;
    try {
      result = await ids(query.toString());
    } catch (err) {
      // Only contract validation may refuse it.
      expect((err as { status?: number }).status).toBeLessThan(500);
    }
    if (result) expect(result.every((id) => id.startsWith("c"))).toBe(true);
    expect(await ids("interval=all")).toHaveLength(6);
  });
});
