import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { resolveRange } from "../contract/dateRange";
import { errorBodySchema } from "../contract/errors";
import { looseEvents } from "../contract/events";
import { readEventsQuery } from "../contract/query";
import { dashboardCall, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { analyticsRoute, eventsRoute, exportRoute, liveRoute } from "./data";
import { createShareRoute, revokeShareRoute, unlockShareRoute } from "./shares";

/**
 * Share links hold their lock whatever the browser sends: a seeded fuzz of widening attempts
 * (filters removed, exclusions flipped, other values, the range widened) through every data route
 * finds no event, breakdown row or CSV line outside the link's view; tampered, expired and
 * revoked tokens, other workspaces and a missing password read nothing.
 */

const LOCK = "?event=clicks&country=US,DE&device=-Mobile&interval=7d&timezone=Europe/Berlin";
const ALLOWED_COUNTRIES = ["US", "DE"];

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ATTEMPTS: readonly string[][] = [
  [
    "",
    "country=FR",
    "country=US,FR,GB",
    "country=-US",
    "country=-FR",
    "country=DE",
    "country=US,ZZ1",
    "country=ZZ1",
    "country=-ZZ1",
  ],
  ["", "device=Mobile", "device=-Desktop", "device=Mobile,Desktop", "device=Desktop"],
  [
    "",
    "interval=all",
    "interval=1y",
    "interval=90d",
    "interval=24h",
    "start=2020-01-01",
    "start=2026-01-01&end=2099-01-01",
    "end=2099-12-31",
  ],
  ["", "event=leads", "event=sales", "event=clicks"],
  ["", "timezone=America/New_York", "timezone=UTC", "sortOrder=asc", "page=2&limit=5"],
];

describe.each(BACKENDS.slice(0, 1))("share links on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;
  let owner: string;

  async function share(body: Record<string, unknown>): Promise<string> {
    const response = await createShareRoute(
      t.app,
      dashboardCall("/api/w/acme/shares", {
        cookie: owner,
        method: "POST",
        body: { name: "Shared", query: LOCK, ...body },
      }),
      "acme",
    );
    expect(response.status).toBe(201);
    return new URL(((await response.json()) as { url: string }).url).pathname.split("/").at(-1) ?? "";
  }

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"));
    owner = (await t.person("owner@example.com", { acme: "owner" })).cookie;
  }, 60_000);
  afterAll(() => database.close());

  it("a seeded fuzz of widening attempts through events, analytics and export: 0 widened results", async () => {
    const token = await share({ allowExport: true });
    const scope = { kind: "share", token } as const;
    const next = random(2026);
    const lock = readEventsQuery(Object.fromEntries(new URLSearchParams(LOCK)), { perKind: false }).query;
    let widened = 0;
    let answered = 0;
    let seen = 0;
    for (let i = 0; i < 45; i++) {
      // The link's own budget regains a request a second: time moves on between attempts, as a person's would.
      t.clock.advance(5_000);
      const search = ATTEMPTS.map((options) => options[Math.floor(next() * options.length)])
        .filter(Boolean)
        .join("&");
      const range = resolveRange(lock, new Date(t.clock.now()));
      const inLock = (country: string, device: string, at: string) =>
        ALLOWED_COUNTRIES.includes(country) &&
        device !== "Mobile" &&
        Date.parse(at) >= range.start.getTime() &&
        Date.parse(at) < range.end.getTime() + 5_000;

      const events = await eventsRoute(t.app, dashboardCall(`/api/s/${token}/events?${search}`), scope);
      if (events.status === 200) {
        answered += 1;
        for (const event of looseEvents.events.parse(await events.json())) {
          seen += 1;
          if (!inLock(event.click.country, event.click.device, event.timestamp)) widened += 1;
        }
      } else {
        expect([403, 422]).toContain(events.status);
        errorBodySchema.parse(await events.json());
      }

      for (const groupBy of ["countries", "devices"] as const) {
        const analytics = await analyticsRoute(
          t.app,
          dashboardCall(`/api/s/${token}/analytics?${search}&groupBy=${groupBy}`),
          scope,
        );
        if (analytics.status !== 200) continue;
        const rows = (await analytics.json()) as { country?: string; device?: string }[];
        for (const row of rows) {
          seen += 1;
          if ((row.country && !ALLOWED_COUNTRIES.includes(row.country)) || row.device === "Mobile") widened += 1;
        }
      }

      if (i % 5 === 0) {
        const csv = await exportRoute(
          t.app,
          dashboardCall(`/api/s/${token}/export?${search}&columns=time,country,device&raw=1`),
          scope,
        );
        if (csv.status === 200) {
          const lines = (await csv.text())
            .trim()
            .split("\n")
            .slice(1)
            .filter((line) => !line.startsWith("#"));
          for (const line of lines) {
            const [at, country, device] = line.split(",");
            seen += 1;
            if (!inLock(country, device, at)) widened += 1;
          }
        }
      }
    }
    expect(answered).toBeGreaterThan(5);
    expect(seen).toBeGreaterThan(100);
    expect(widened).toBe(0);
  });

  it("a tampered, revoked or expired token, another workspace, the live stream and export when off read nothing", async () => {
    const token = await share({ expiresAt: new Date(t.clock.now() + 3600_000).toISOString() });
    const ok = await eventsRoute(t.app, dashboardCall(`/api/s/${token}/events?limit=1`), { kind: "share", token });
    expect(ok.status).toBe(200);
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await eventsRoute(t.app, dashboardCall("/"), { kind: "share", token: tampered })).status).toBe(404);
    expect((await exportRoute(t.app, dashboardCall("/"), { kind: "share", token })).status).toBe(403);
    expect((await liveRoute(t.app, dashboardCall("/"), { kind: "share", token })).status).toBe(403);
    // A share link's holder is nobody to the workspaces themselves.
    expect(
      (await eventsRoute(t.app, dashboardCall("/api/w/globex/events"), { kind: "workspace", slug: "globex" })).status,
    ).toBe(401);
    t.clock.advance(2 * 3600_000);
    const expired = await analyticsRoute(t.app, dashboardCall("/"), { kind: "share", token });
    expect(expired.status).toBe(403);
    expect(errorBodySchema.parse(await expired.json()).error.message).toMatch(/expired/);

    const revocable = await share({});
    const list = (
      await (
        await import("./shares")
      ).listSharesRoute(t.app, dashboardCall("/api/w/acme/shares", { cookie: owner }), "acme")
    ).json() as Promise<{ shares: { id: string; revokedAt: string | null }[] }>;
    const live = (await list).shares.find((s) => s.revokedAt === null);
    expect(live).toBeDefined();
    expect(
      (await revokeShareRoute(t.app, dashboardCall("/", { cookie: owner, method: "DELETE" }), "acme", live?.id ?? ""))
        .status,
    ).toBe(204);
    expect((await eventsRoute(t.app, dashboardCall("/"), { kind: "share", token: revocable })).status).toBe(403);
  });

  it("a view whose filter the contract refuses is not shared: 422 with the reasons, and nothing stored", async () => {
    const before = (await t.app.shares.list((await t.app.workspaces.bySlug("acme"))!.id)).length;
    for (const query of [
      "?country=US,ZZ1&interval=7d",
      "?device=-Mobile&interval=forever",
      "?event=clicks&start=2026-13-45",
    ]) {
      const response = await createShareRoute(
        t.app,
        dashboardCall("/api/w/acme/shares", { cookie: owner, method: "POST", body: { name: "Bad", query } }),
        "acme",
      );
      expect(response.status, query).toBe(422);
      expect(errorBodySchema.parse(await response.json()).error.message, query).toMatch(
        /^Invalid value for "query": this view cannot be shared as it is\. Invalid value for "(country|interval|start)"/,
      );
    }
    expect((await t.app.shares.list((await t.app.workspaces.bySlug("acme"))!.id)).length).toBe(before);
  });

  it("a stored lock that no longer reads (country=US,ZZ1) serves nothing, rather than every country", async () => {
    const token = await share({ allowExport: true });
    const scope = { kind: "share", token } as const;
    expect((await eventsRoute(t.app, dashboardCall(`/api/s/${token}/events?limit=1`), scope)).status).toBe(200);
    const found = await t.app.shares.find(token);
    if (!found.ok) throw new Error("the share link is gone");
    await t.app.database.db
      .updateTable("share_links")
      .set({ query: "?event=clicks&country=US,ZZ1&interval=7d" })
      .where("id", "=", found.link.id)
      .execute();
    t.clock.advance(5_000);
    for (const response of [
      await eventsRoute(t.app, dashboardCall(`/api/s/${token}/events?limit=100`), scope),
      await analyticsRoute(t.app, dashboardCall(`/api/s/${token}/analytics?groupBy=countries`), scope),
      await exportRoute(t.app, dashboardCall(`/api/s/${token}/export?columns=time,country`), scope),
    ]) {
      expect(response.status).toBe(403);
      expect(errorBodySchema.parse(await response.json()).error.message).toMatch(
        /^This shared link's view can no longer be read \(Invalid value for "country".*\), so it shows nothing/,
      );
    }
  });

  it("a password: nothing until it is given, wrong ones throttled, its cookie opens that link only", async () => {
    const token = await share({ password: "a link password" });
    const other = await share({ password: "another password" });
    expect((await eventsRoute(t.app, dashboardCall("/"), { kind: "share", token })).status).toBe(401);
    const wrong = await unlockShareRoute(
      t.app,
      dashboardCall("/", { method: "POST", body: { password: "nope" } }),
      token,
    );
    expect(wrong.status).toBe(401);
    const right = await unlockShareRoute(
      t.app,
      dashboardCall("/", { method: "POST", body: { password: "a link password" } }),
      token,
    );
    expect(right.status).toBe(200);
    const cookie = (right.headers.get("set-cookie") ?? "").split(";")[0];
    expect(right.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);
    expect((await eventsRoute(t.app, dashboardCall("/?limit=1", { cookie }), { kind: "share", token })).status).toBe(
      200,
    );
    expect(
      (await eventsRoute(t.app, dashboardCall("/?limit=1", { cookie }), { kind: "share", token: other })).status,
    ).toBe(401);
    for (let i = 0; i < 5; i++)
      await unlockShareRoute(t.app, dashboardCall("/", { method: "POST", body: { password: `guess ${i}` } }), other);
    const throttled = await unlockShareRoute(
      t.app,
      dashboardCall("/", { method: "POST", body: { password: "another password" } }),
      other,
    );
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("its own small budget: a burst past it is answered 429 before the workspace key is spent", async () => {
    const token = await share({});
    const replies = await Promise.all(
      Array.from({ length: 60 }, () =>
        analyticsRoute(t.app, dashboardCall("/?groupBy=count"), { kind: "share", token }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(40);
  });
});
