import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LinkRecord } from "../../contract/events";
import { startWritable, type WritablePlatform } from "../testing/writablePlatform";

/**
 * The short-link resolver on a writable platform of the test's own: each targeting rule sends the
 * visit where the link says, and each counted click is in GET /events with what the request told
 * (device, browser, OS, place, referer, trigger, IP) and in the link's counters.
 */

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
/** In GeoLite2: St Albans, England. */
const UK_IP = "81.2.69.142";
/** In GeoLite2: Germany. */
const DE_IP = "2a02:8108::1";

let live: WritablePlatform;

beforeAll(async () => {
  // The visitor's address comes from a test header (the socket is always loopback here); variants pick the second of two 50/50.
  live = await startWritable({ clientIp: (c) => c.req.header("x-test-ip") ?? "127.0.0.1", random: () => 0.75 });
});
afterAll(async () => {
  await live?.close();
});

async function create(body: Record<string, unknown>): Promise<LinkRecord> {
  const res = await live.request("/links", {
    body: { key: `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, ...body },
  });
  if (res.status !== 200) throw new Error(`POST /links → ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as LinkRecord;
}

async function visit(
  link: LinkRecord,
  options: { ua?: string; ip?: string; query?: string; referer?: string; host?: boolean } = {},
) {
  const headers: Record<string, string> = { "User-Agent": options.ua ?? DESKTOP, "x-test-ip": options.ip ?? UK_IP };
  if (options.referer) headers.Referer = options.referer;
  if (options.host) headers.Host = link.domain;
  const path = options.host ? `/${link.key}` : `/r/${link.domain}/${link.key}`;
  const res = await live.request(`${path}${options.query ?? ""}`, { key: null, headers });
  return { status: res.status, location: res.headers.get("Location") };
}

async function clicksOf(link: LinkRecord) {
  const res = await live.request(`/events?event=clicks&linkId=${link.id}&interval=24h`);
  return res.body as { click: Record<string, unknown>; link: LinkRecord }[];
}

describe("the short-link resolver", () => {
  it("redirects by Host and by the path form, and records the click with what the request told", async () => {
    const link = await create({ url: "https://example.com/landing" });
    expect(
      await visit(link, { host: true, ua: IPHONE, referer: "https://www.google.com/search?q=acme", query: "?qr=1" }),
    ).toEqual({ status: 302, location: "https://example.com/landing" });
    expect(await visit(link)).toEqual({ status: 302, location: "https://example.com/landing" });
    const clicks = await clicksOf(link);
    expect(clicks).toHaveLength(2);
    const qr = clicks.find((e) => e.click.trigger === "qr");
    expect(qr?.click).toMatchObject({
      device: "Mobile",
      browser: "Safari",
      os: "iOS",
      country: "GB",
      city: "St Albans",
      region: "GB-ENG",
      continent: "EU",
      referer: "google.com",
      refererUrl: "https://www.google.com/search?q=acme",
      qr: true,
      ip: UK_IP,
      url: "https://example.com/landing",
    });
    expect(clicks[0].link.clicks).toBe(2);
  });

  it("sends iOS, Android, a targeted country and the rest each their own way", async () => {
    const link = await create({
      url: "https://example.com/",
      ios: "https://apps.apple.com/app",
      android: "https://play.google.com/app",
      geo: { DE: "https://example.de/" },
      testVariants: [
        { url: "https://example.com/a", percentage: 50 },
        { url: "https://example.com/b", percentage: 50 },
      ],
    });
    expect((await visit(link, { ua: IPHONE, ip: DE_IP })).location).toBe("https://apps.apple.com/app");
    expect((await visit(link, { ua: ANDROID })).location).toBe("https://play.google.com/app");
    expect((await visit(link, { ip: DE_IP })).location).toBe("https://example.de/");
    expect((await visit(link)).location).toBe("https://example.com/b");
    const urls = (await clicksOf(link)).map((e) => e.click.url).sort();
    expect(urls).toEqual([
      "https://apps.apple.com/app",
      "https://example.com/b",
      "https://example.de/",
      "https://play.google.com/app",
    ]);
  });

  it("honours expiry, passwords and disabled links, counting only the visits that reach the destination", async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const expired = await create({
      url: "https://example.com/",
      expiresAt: past,
      expiredUrl: "https://example.com/over",
    });
    expect(await visit(expired)).toEqual({ status: 302, location: "https://example.com/over" });
    const gone = await create({ url: "https://example.com/", expiresAt: past });
    expect((await visit(gone)).status).toBe(404);
    const locked = await create({ url: "https://example.com/locked", password: "open sesame" });
    expect((await visit(locked)).status).toBe(401);
    expect((await visit(locked, { query: "?pw=wrong" })).status).toBe(401);
    expect(await visit(locked, { query: `?pw=${encodeURIComponent("open sesame")}` })).toEqual({
      status: 302,
      location: "https://example.com/locked",
    });
    const disabled = await create({ url: "https://example.com/" });
    await live.writer.transact((tx) =>
      tx.run(`UPDATE links SET disabled_at = now() - INTERVAL 1 MINUTE WHERE id = $id`, { id: disabled.id }),
    );
    expect((await visit(disabled)).status).toBe(404);
    const archived = await create({ url: "https://example.com/archived", archived: true });
    expect((await visit(archived)).location).toBe("https://example.com/archived");

    expect(await clicksOf(expired)).toHaveLength(0);
    expect(await clicksOf(gone)).toHaveLength(0);
    expect(await clicksOf(locked)).toHaveLength(1);
    expect(await clicksOf(disabled)).toHaveLength(0);
    expect(await clicksOf(archived)).toHaveLength(1);
  });

  it("passes the click id on to a conversion-tracked destination, where a lead can name it", async () => {
    const link = await create({ url: "https://example.com/signup?plan=pro", trackConversion: true });
    const { location } = await visit(link);
    const clickId = new URL(location ?? "").searchParams.get("dub_id");
    expect(clickId).toMatch(/^[0-9A-Za-z]{16}$/);
    const lead = await live.request("/track/lead", {
      body: { clickId, eventName: "Sign up", customerExternalId: `resolver-${clickId}` },
    });
    expect(lead.status).toBe(200);
    expect(lead.body).toMatchObject({ click: { id: clickId }, link: { id: link.id } });
  });

  it("redirects bots without counting them, and answers 404 for an unknown key", async () => {
    const link = await create({ url: "https://example.com/" });
    expect(
      (await visit(link, { ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).status,
    ).toBe(302);
    expect(await clicksOf(link)).toHaveLength(0);
    expect((await live.request(`/r/${link.domain}/no-such-key-here`, { key: null })).status).toBe(404);
  });

  it("follows a link's edits at once: a new destination, a new key, a deletion (the links in memory read again)", async () => {
    const link = await create({ url: "https://example.com/before" });
    expect((await visit(link)).location).toBe("https://example.com/before");

    const moved = await live.request(`/links/${link.id}`, {
      method: "PATCH",
      body: { url: "https://example.com/after" },
    });
    expect(moved.status).toBe(200);
    expect((await visit(link)).location).toBe("https://example.com/after");

    const newKey = `${link.key}-renamed`;
    const renamed = await live.request(`/links/${link.id}`, { method: "PATCH", body: { key: newKey } });
    expect(renamed.status).toBe(200);
    expect((await visit(link)).status).toBe(404);
    expect((await visit({ ...link, key: newKey })).location).toBe("https://example.com/after");

    const deleted = await live.request(`/links/${link.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await visit({ ...link, key: newKey })).status).toBe(404);
  });
});
