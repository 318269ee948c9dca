import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { looseEvents } from "../contract/events";
import { dashboardCall, PASSWORD, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { analyticsRoute, eventsRoute, exportRoute } from "./data";
import { revokeSessionsRoute } from "./members";
import { listWorkspacesRoute } from "./workspaces";
import { authRoute } from "./authRoute";

/**
 * Who sees what: cross-workspace reads, what a viewer's events carry, login throttling per
 * account and per address, session revocation, and keys that never come back.
 */

describe.each(BACKENDS)("access on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;
  let owner: string;
  let member: string;
  let viewer: string;
  let memberId: string;

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"));
    owner = (await t.person("owner@example.com", { acme: "owner", globex: "owner" })).cookie;
    const m = await t.person("member@example.com", { acme: "member" });
    member = m.cookie;
    memberId = m.userId;
    viewer = (await t.person("viewer@example.com", { acme: "viewer" })).cookie;
  }, 60_000);
  afterAll(() => database.close());

  it("cross-workspace reads: 0 — a member of acme reads nothing of globex, through any route", async () => {
    const scope = { kind: "workspace", slug: "globex" } as const;
    const replies = [
      await eventsRoute(t.app, dashboardCall("/api/w/globex/events?limit=5", { cookie: member }), scope),
      await analyticsRoute(t.app, dashboardCall("/api/w/globex/analytics?groupBy=count", { cookie: member }), scope),
      await exportRoute(t.app, dashboardCall("/api/w/globex/export", { cookie: member }), scope),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(403);
      expect(errorBodySchema.parse(await reply.json()).error.code).toBe("forbidden");
    }
    // The owner of both reads each through its own key: different workspaces, different data.
    const acme = await analyticsRoute(t.app, dashboardCall("/?groupBy=count&interval=30d", { cookie: owner }), {
      kind: "workspace",
      slug: "acme",
    });
    const globex = await analyticsRoute(t.app, dashboardCall("/?groupBy=count&interval=30d", { cookie: owner }), {
      kind: "workspace",
      slug: "globex",
    });
    expect(acme.status).toBe(200);
    expect(globex.status).toBe(200);
    expect(await acme.text()).not.toBe(await globex.text());
  });

  it("a viewer's events carry no IP, email or link password, even when asking to reveal IPs; a member's reveal IPs on request", async () => {
    const scope = { kind: "workspace", slug: "acme" } as const;
    const asViewer = await eventsRoute(
      t.app,
      dashboardCall("/?event=sales&interval=30d&limit=50&revealIps=1", { cookie: viewer }),
      scope,
    );
    const text = await asViewer.text();
    const sales = looseEvents.events.parse(JSON.parse(text));
    expect(sales.length).toBeGreaterThan(0);
    for (const sale of sales) {
      expect(sale.click.ip).toMatch(/•••/);
      const customer = "customer" in sale ? (sale.customer as { email?: string | null } | undefined) : undefined;
      if (customer) expect(customer.email ?? null).toBeNull();
    }
    expect(text).not.toMatch(/"password"/);
    expect(text).not.toMatch(/@[a-z0-9-]+\.[a-z]{2,}"/i);
    const partners = await analyticsRoute(
      t.app,
      dashboardCall("/?groupBy=top_partners&event=sales&interval=90d", { cookie: viewer }),
      scope,
    );
    expect(await partners.text()).not.toMatch(/"email":"[^"]/);

    const asMember = await eventsRoute(
      t.app,
      dashboardCall("/?event=sales&interval=30d&limit=50&revealIps=1", { cookie: member }),
      scope,
    );
    const revealed = looseEvents.events.parse(await asMember.json());
    expect(revealed.some((sale) => !sale.click.ip.includes("•"))).toBe(true);
  });

  it("login throttling: 5 failures hold that client back at that account (not others), 20 from one client hold it back at any account; time lets them in again", async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.signIn("member@example.com", "wrong password", "198.51.100.1")).status).toBe(401);
    const held = await t.signIn("member@example.com", PASSWORD, "198.51.100.1");
    expect(held.status).toBe(429);
    expect(errorBodySchema.parse(await held.json()).error.message).toMatch(/this account/);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(30);
    expect((await t.signIn("member@example.com", PASSWORD, "198.51.100.99")).status).toBe(200);

    for (let i = 0; i < 20; i++) await t.signIn(`nobody${i}@example.com`, "wrong password", "192.0.2.50");
    const fromThatAddress = await t.signIn("viewer@example.com", PASSWORD, "192.0.2.50");
    expect(fromThatAddress.status).toBe(429);
    expect(errorBodySchema.parse(await fromThatAddress.json()).error.message).toMatch(/this address/);
    expect((await t.signIn("viewer@example.com", PASSWORD, "192.0.2.51")).status).toBe(200);

    // The throttle's store (rate-limiter-flexible) reads the system clock.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + 16 * 60_000);
      expect((await t.signIn("member@example.com", PASSWORD, "198.51.100.1")).status).toBe(200);
      expect((await t.signIn("viewer@example.com", PASSWORD, "192.0.2.50")).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("ending sessions is scoped: an owner of one workspace cannot sign out someone who is also in another; an owner of both can", async () => {
    const acmeOwner = (await t.person("acme-owner@example.com", { acme: "owner" })).cookie;
    const both = await t.person("both@example.com", { acme: "member", globex: "viewer" });
    const onlyAcme = await t.person("only-acme@example.com", { acme: "viewer" });
    const scope = { kind: "workspace", slug: "globex" } as const;

    const refused = await revokeSessionsRoute(
      t.app,
      dashboardCall("/", { cookie: acmeOwner, method: "DELETE" }),
      "acme",
      both.userId,
    );
    expect(refused.status).toBe(403);
    expect(errorBodySchema.parse(await refused.json()).error.message).toMatch(/workspaces you do not own/);
    expect((await eventsRoute(t.app, dashboardCall("/?limit=1", { cookie: both.cookie }), scope)).status).toBe(200);

    expect(
      (
        await revokeSessionsRoute(
          t.app,
          dashboardCall("/", { cookie: acmeOwner, method: "DELETE" }),
          "acme",
          onlyAcme.userId,
        )
      ).status,
    ).toBe(200);
    expect(
      (await revokeSessionsRoute(t.app, dashboardCall("/", { cookie: owner, method: "DELETE" }), "acme", both.userId))
        .status,
    ).toBe(200);
    expect((await eventsRoute(t.app, dashboardCall("/?limit=1", { cookie: both.cookie }), scope)).status).toBe(401);
  });

  it("session revocation: an owner signs a member out everywhere; the member's next request is refused; sign-out ends one session", async () => {
    const fresh = (await t.person("member@example.com", {})).cookie;
    const scope = { kind: "workspace", slug: "acme" } as const;
    expect((await eventsRoute(t.app, dashboardCall("/?limit=1", { cookie: fresh }), scope)).status).toBe(200);
    const revoked = await revokeSessionsRoute(
      t.app,
      dashboardCall("/", { cookie: owner, method: "DELETE" }),
      "acme",
      memberId,
    );
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as { revoked: number }).revoked).toBeGreaterThanOrEqual(1);
    for (const cookie of [fresh, member])
      expect((await eventsRoute(t.app, dashboardCall("/?limit=1", { cookie }), scope)).status).toBe(401);

    const again = (await t.person("member@example.com", {})).cookie;
    const signOut = await authRoute(
      t.app,
      new Request("http://127.0.0.1:3999/api/auth/sign-out", {
        method: "POST",
        headers: { cookie: again, origin: "http://127.0.0.1:3999", "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(signOut.status).toBe(200);
    expect((await eventsRoute(t.app, dashboardCall("/?limit=1", { cookie: again }), scope)).status).toBe(401);
  });

  it("a workspace's key is sealed at rest and never sent back", async () => {
    const rows = await database.db.selectFrom("workspaces").select(["slug", "key_sealed"]).execute();
    const globex = rows.find((r) => r.slug === "globex");
    expect(globex?.key_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(rows)).not.toContain("demo_advanced_key");
    const listed = await (await listWorkspacesRoute(t.app, dashboardCall("/api/workspaces", { cookie: owner }))).text();
    expect(listed).toContain("globex");
    expect(listed).not.toContain("demo_");
    expect(listed).not.toContain("v1.");
  });
});
