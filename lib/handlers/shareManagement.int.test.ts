import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ShareLinkJson, ShareVisitorJson } from "../contract/dashboardReplies";
import { dashboardCall, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import { VISIT_IDLE_MS } from "../store/shareLinks";
import {
  createShareRoute,
  listSharesRoute,
  revokeShareRoute,
  shareVisitorsRoute,
  shareVisitRoute,
  unlockShareRoute,
  updateShareRoute,
} from "./shares";

/**
 * Members manage the share links they made (list, copy again, change password or expiry, see
 * opens by visitor, revoke); owners see and revoke every link but change and copy only their own.
 * Opens are visits: one per visitor session, not per page load.
 */

const VIEW = "?event=clicks&country=US&interval=7d&timezone=UTC";

describe.each(BACKENDS.slice(0, 1))("managing share links on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;
  let owner: string;
  let maker: string;
  let other: string;

  const list = async (cookie: string) => {
    const response = await listSharesRoute(t.app, dashboardCall("/api/w/acme/shares", { cookie }), "acme");
    expect(response.status).toBe(200);
    return ((await response.json()) as { shares: ShareLinkJson[] }).shares;
  };
  const create = async (cookie: string, body: Record<string, unknown> = {}) => {
    const response = await createShareRoute(
      t.app,
      dashboardCall("/api/w/acme/shares", {
        cookie,
        method: "POST",
        body: { name: "For the agency", query: VIEW, ...body },
      }),
      "acme",
    );
    expect(response.status).toBe(201);
    return (await response.json()) as { share: ShareLinkJson; url: string };
  };
  const tokenOf = (url: string) => new URL(url).pathname.split("/").at(-1) ?? "";
  /** A browser's visit to the link's page; its cookies (visitor id, unlock) as the browser keeps them. */
  const visit = async (token: string, cookie = "") => {
    const response = await shareVisitRoute(
      t.app,
      dashboardCall(`/api/s/${token}/visit`, { method: "POST", cookie }),
      token,
    );
    const set = (response.headers.get("set-cookie") ?? "").split(";")[0];
    return {
      status: response.status,
      counted: response.status === 200 ? ((await response.json()) as { counted: boolean }).counted : false,
      cookie: set || cookie,
    };
  };

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"));
    owner = (await t.person("owner@example.com", { acme: "owner" })).cookie;
    maker = (await t.person("maker@example.com", { acme: "member" })).cookie;
    other = (await t.person("other@example.com", { acme: "member" })).cookie;
  }, 60_000);
  afterAll(() => database.close());

  it("a member lists the links they made and copies one again; other members do not see it; the owner sees it without its URL", async () => {
    const made = await create(maker);
    const mine = (await list(maker)).find((s) => s.id === made.share.id);
    expect(mine).toMatchObject({ mine: true, url: made.url, creatorName: "maker" });
    expect((await list(other)).map((s) => s.id)).not.toContain(made.share.id);
    const seenByOwner = (await list(owner)).find((s) => s.id === made.share.id);
    expect(seenByOwner).toMatchObject({ mine: false, url: null, creatorName: "maker" });
  });

  it("the token is kept sealed at rest, never in the clear", async () => {
    const made = await create(maker);
    const row = await t.app.database.db
      .selectFrom("share_links")
      .selectAll()
      .where("id", "=", made.share.id)
      .executeTakeFirstOrThrow();
    expect(row.token_sealed).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(tokenOf(made.url));
  });

  it("only its creator changes a link; its creator or an owner revokes it; another member may do neither", async () => {
    const made = await create(maker);
    const path = `/api/w/acme/shares/${made.share.id}`;
    const patch = (cookie: string, body: unknown) =>
      updateShareRoute(t.app, dashboardCall(path, { cookie, method: "PATCH", body }), "acme", made.share.id);
    const revoke = (cookie: string) =>
      revokeShareRoute(t.app, dashboardCall(path, { cookie, method: "DELETE" }), "acme", made.share.id);

    expect((await patch(other, { expiresAt: null })).status).toBe(403);
    expect((await revoke(other)).status).toBe(403);
    expect((await patch(owner, { expiresAt: null })).status).toBe(403);
    const later = new Date(t.clock.now() + 3 * 24 * 3600 * 1000).toISOString();
    expect((await patch(maker, { expiresAt: later })).status).toBe(200);
    expect((await list(maker)).find((s) => s.id === made.share.id)?.expiresAt).toBe(later);
    expect((await patch(maker, { expiresAt: new Date(t.clock.now() - 1000).toISOString() })).status).toBe(422);
    expect((await revoke(owner)).status).toBe(204);
    expect((await patch(maker, { expiresAt: null })).status).toBe(422);
    expect((await visit(tokenOf(made.url))).status).toBe(403);
  });

  it("a new password locks out whoever unlocked the link with the old one", async () => {
    const made = await create(maker, { password: "first password 2026" });
    const token = tokenOf(made.url);
    const unlocked = await unlockShareRoute(
      t.app,
      dashboardCall(`/api/s/${token}/unlock`, { method: "POST", body: { password: "first password 2026" } }),
      token,
    );
    const unlock = (unlocked.headers.get("set-cookie") ?? "").split(";")[0];
    expect((await visit(token, unlock)).status).toBe(200);
    const changed = await updateShareRoute(
      t.app,
      dashboardCall(`/api/w/acme/shares/${made.share.id}`, {
        cookie: maker,
        method: "PATCH",
        body: { password: "second password 2026" },
      }),
      "acme",
      made.share.id,
    );
    expect(changed.status).toBe(200);
    expect((await visit(token, unlock)).status).toBe(401);
    expect((await list(maker)).find((s) => s.id === made.share.id)?.hasPassword).toBe(true);
  });

  it("opens are counted per visitor session: reloads within 30 idle minutes are one open, a return after them another", async () => {
    const made = await create(maker);
    const token = tokenOf(made.url);
    const first = await visit(token);
    expect(first.counted).toBe(true);
    for (let i = 0; i < 13; i++) {
      t.clock.advance(60_000);
      expect((await visit(token, first.cookie)).counted).toBe(false);
    }
    t.clock.advance(VISIT_IDLE_MS);
    expect((await visit(token, first.cookie)).counted).toBe(true);
    const second = await visit(token);
    expect(second.counted).toBe(true);
    expect(second.cookie).not.toBe(first.cookie);

    const listed = (await list(maker)).find((s) => s.id === made.share.id);
    expect(listed).toMatchObject({ openCount: 3, visitors: 2 });
    const response = await shareVisitorsRoute(
      t.app,
      dashboardCall(`/api/w/acme/shares/${made.share.id}/visitors`, { cookie: owner }),
      "acme",
      made.share.id,
    );
    const { visitors } = (await response.json()) as { visitors: ShareVisitorJson[] };
    expect(visitors.map((v) => [v.label, v.opens])).toEqual([
      ["Visitor 1", 2],
      ["Visitor 2", 1],
    ]);
    const denied = await shareVisitorsRoute(
      t.app,
      dashboardCall(`/api/w/acme/shares/${made.share.id}/visitors`, { cookie: other }),
      "acme",
      made.share.id,
    );
    expect(denied.status).toBe(403);
  });

  it("a forged visitor cookie is replaced, not trusted", async () => {
    const made = await create(maker);
    const forged = await visit(tokenOf(made.url), "linklens_visitor=not-a-visitor-id");
    expect(forged.counted).toBe(true);
    expect(forged.cookie).toMatch(/^linklens_visitor=[A-Za-z0-9_-]{43}$/);
  });
});
