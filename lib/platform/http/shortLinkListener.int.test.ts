import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { LinkRecord } from "../../contract/events";
import { openPlatform, type Platform } from "../openPlatform";
import { authorization } from "../testing/client";
import { createApp } from "./platformApp";
import { ShortLinkResolver } from "./resolveRoute";
import { withShortLinks } from "./shortLinkListener";

/**
 * Visits answered by Node's handler before the app (as scripts/platform.ts serves them), on a
 * writable platform of the test's own: the redirect and its click as through the app; refusals
 * and every other request answered by the app.
 */

const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

let dir: string;
let platform: Platform;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "linklens-listener-"));
  const file = join(dir, "platform.duckdb");
  await copyFile(inject("dataFile"), file);
  platform = await openPlatform(file, { writable: true });
  const resolver = new ShortLinkResolver({
    store: platform.store,
    writer: platform.writer,
    now: () => new Date(),
    random: () => 0.75,
  });
  const app = createApp({ store: platform.store, writer: platform.writer, rateLimitScale: 1000, resolver });
  server = createServer(withShortLinks(resolver, getRequestListener(app.fetch)));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((done) => {
    server?.close(() => done());
    server?.closeAllConnections();
  });
  await platform?.drain();
  platform?.close();
  await rm(dir, { recursive: true, force: true });
});

async function create(body: Record<string, unknown>): Promise<LinkRecord> {
  const res = await fetch(`${base}/links`, {
    method: "POST",
    headers: { ...authorization(undefined), "Content-Type": "application/json" },
    body: JSON.stringify({ key: `l${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, ...body }),
  });
  if (res.status !== 200) throw new Error(`POST /links → ${res.status}: ${await res.text()}`);
  return (await res.json()) as LinkRecord;
}

const visit = (path: string, init: RequestInit = {}) =>
  fetch(`${base}${path}`, {
    redirect: "manual",
    ...init,
    headers: { "User-Agent": DESKTOP, "X-Forwarded-For": "81.2.69.142", ...init.headers },
  });

describe("visits answered by Node's handler", () => {
  it("redirects with the click id, records the click once, and answers HEAD alike", async () => {
    const link = await create({ url: "https://example.com/landing?a=1", trackConversion: true });
    const res = await visit(`/r/${link.domain}/${link.key}?qr=1`, {
      headers: { Referer: "https://news.example.org/x" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const location = new URL(res.headers.get("Location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe("https://example.com/landing");
    expect(location.searchParams.get("a")).toBe("1");
    const clickId = location.searchParams.get("dub_id");
    expect(clickId).toMatch(/\S+/);
    const head = await visit(`/r/${link.domain}/${link.key}`, { method: "HEAD" });
    expect(head.status).toBe(302);

    const events = await fetch(`${base}/events?event=clicks&linkId=${link.id}&interval=24h`, {
      headers: authorization(undefined),
    });
    const clicks = (await events.json()) as {
      click: { id: string; trigger: string; country: string; referer: string };
    }[];
    expect(clicks).toHaveLength(2);
    const first = clicks.find((event) => event.click.id === clickId);
    expect(first?.click).toMatchObject({ trigger: "qr", country: "GB", referer: "news.example.org" });
  });

  it("percent-encodes a destination past Latin-1, as the app's redirect does", async () => {
    const link = await create({ url: "https://example.com/日本?q=ü" });
    const res = await visit(`/r/${link.domain}/${link.key}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^https:\/\/example\.com\/%E6%97%A5%E6%9C%AC\?q=(%C3%BC|ü)$/);
  });

  it("leaves refusals and every other request to the app", async () => {
    const unknown = await visit("/r/nowhere.example/none");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("not_found");

    const locked = await create({ url: "https://example.com/locked", password: "s3cret" });
    const refused = await visit(`/r/${locked.domain}/${locked.key}`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    const opened = await visit(`/r/${locked.domain}/${locked.key}?pw=s3cret`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("https://example.com/locked");

    const api = await fetch(`${base}/openapi.json`);
    expect(api.status).toBe(200);
  });
});
