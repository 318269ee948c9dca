import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { AnnotationJson } from "../contract/dashboardReplies";
import { errorBodySchema } from "../contract/errors";
import { dashboardCall, testApp, type TestApp } from "../dashboard/testing/testApp";
import type { Database } from "../db/openDatabase";
import { BACKENDS } from "../db/testing/databases";
import {
  createAnnotationRoute,
  deleteAnnotationRoute,
  listAnnotationsRoute,
  NOTE_MAX_LENGTH,
  updateAnnotationRoute,
} from "./annotations";
import { createShareRoute } from "./shares";

/**
 * Notes on the charts: members and owners add them; a viewer reads them; their author or an owner
 * changes or deletes them, another member does not; a share link lists only the notes on the days
 * its locked view covers, and only its own workspace's; bad input gets the spec's error shape.
 */

describe.each(BACKENDS.slice(0, 1))("annotations on $name", ({ open }) => {
  let database: Database;
  let t: TestApp;
  let owner: string;
  let member: string;
  let other: string;
  let viewer: string;
  const acme = { kind: "workspace", slug: "acme" } as const;

  beforeAll(async () => {
    database = await open();
    t = await testApp(database, inject("platformUrl"));
    owner = (await t.person("owner@example.com", { acme: "owner", globex: "owner" })).cookie;
    member = (await t.person("member@example.com", { acme: "member" })).cookie;
    other = (await t.person("other@example.com", { acme: "member" })).cookie;
    viewer = (await t.person("viewer@example.com", { acme: "viewer" })).cookie;
  }, 60_000);
  afterAll(() => database.close());

  const create = (cookie: string, body: unknown, scope: Parameters<typeof createAnnotationRoute>[2] = acme) =>
    createAnnotationRoute(t.app, dashboardCall("/api/w/acme/annotations", { cookie, method: "POST", body }), scope);
  const created = async (
    cookie: string,
    day: string,
    note: string,
    scope: Parameters<typeof createAnnotationRoute>[2] = acme,
  ) => {
    const response = await create(cookie, { day, note }, scope);
    expect(response.status).toBe(201);
    return ((await response.json()) as { annotation: AnnotationJson }).annotation;
  };
  const list = async (cookie: string | undefined, scope: Parameters<typeof listAnnotationsRoute>[2] = acme) => {
    const response = await listAnnotationsRoute(t.app, dashboardCall("/api/w/acme/annotations", { cookie }), scope);
    expect(response.status).toBe(200);
    return ((await response.json()) as { annotations: AnnotationJson[] }).annotations;
  };
  const patch = (cookie: string, id: string, body: unknown) =>
    updateAnnotationRoute(t.app, dashboardCall("/", { cookie, method: "PATCH", body }), acme, id);
  const remove = (cookie: string, id: string) =>
    deleteAnnotationRoute(t.app, dashboardCall("/", { cookie, method: "DELETE" }), acme, id);

  it("a member's note is listed with its author for a viewer, read-only; the viewer may not add one", async () => {
    const note = await created(member, "2026-03-14", "  Launched spring campaign ");
    expect(note).toMatchObject({
      day: "2026-03-14",
      note: "Launched spring campaign",
      authorName: "member",
      editable: true,
    });
    const seen = (await list(viewer)).find((a) => a.id === note.id);
    expect(seen).toMatchObject({ note: "Launched spring campaign", authorName: "member", editable: false });
    const refused = await create(viewer, { day: "2026-03-14", note: "Mine" });
    expect(refused.status).toBe(403);
    errorBodySchema.parse(await refused.json());
  });

  it("its author or an owner changes and deletes it; another member may not", async () => {
    const note = await created(member, "2026-03-15", "Newsletter");
    expect((await list(other)).find((a) => a.id === note.id)?.editable).toBe(false);
    expect((await list(owner)).find((a) => a.id === note.id)?.editable).toBe(true);
    expect((await patch(other, note.id, { note: "Hijacked" })).status).toBe(403);
    expect((await remove(other, note.id)).status).toBe(403);
    expect((await patch(member, note.id, { note: "Newsletter sent", day: "2026-03-16" })).status).toBe(200);
    expect((await patch(owner, note.id, { note: "Newsletter sent (all lists)" })).status).toBe(200);
    expect((await list(viewer)).find((a) => a.id === note.id)).toMatchObject({
      day: "2026-03-16",
      note: "Newsletter sent (all lists)",
    });
    expect((await remove(owner, note.id)).status).toBe(204);
    expect((await list(viewer)).some((a) => a.id === note.id)).toBe(false);
    expect((await remove(member, note.id)).status).toBe(404);
  });

  it.each([
    [{ day: "2026-02-30", note: "x" }, /day/],
    [{ day: "14/03/2026", note: "x" }, /day/],
    [{ day: "2026-03-14T10:00:00Z", note: "x" }, /day/],
    [{ day: "2026-03-14", note: "   " }, /note/],
    [{ day: "2026-03-14", note: "x".repeat(NOTE_MAX_LENGTH + 1) }, /note/],
    [{ note: "no day" }, /day/],
  ])("%j is refused with a 422 naming the field", async (body, field) => {
    const response = await create(member, body);
    expect(response.status).toBe(422);
    expect(errorBodySchema.parse(await response.json()).error.message).toMatch(field);
  });

  it("a body that is not JSON gets a 400", async () => {
    const response = await createAnnotationRoute(
      t.app,
      new Request("http://127.0.0.1:3999/api/w/acme/annotations", {
        method: "POST",
        headers: dashboardCall("/", { cookie: member }).headers,
        body: "{",
      }),
      acme,
    );
    expect(response.status).toBe(400);
  });

  it("a share link lists its own workspace's notes on the days its view covers, and cannot add one", async () => {
    const before = await created(owner, "2026-01-31", "Before the link's range");
    const first = await created(owner, "2026-02-01", "First day");
    const last = await created(owner, "2026-02-28", "Last day");
    const after = await created(owner, "2026-03-01", "After the link's range");
    const elsewhere = await created(owner, "2026-02-10", "Globex's own", { kind: "workspace", slug: "globex" });
    const response = await createShareRoute(
      t.app,
      dashboardCall("/api/w/acme/shares", {
        cookie: owner,
        method: "POST",
        body: { name: "February", query: "?start=2026-02-01&end=2026-02-28&timezone=Europe/Berlin" },
      }),
      "acme",
    );
    const token = new URL(((await response.json()) as { url: string }).url).pathname.split("/").at(-1) ?? "";
    const shown = (await list(undefined, { kind: "share", token })).map((a) => a.id);
    expect(shown).toContain(first.id);
    expect(shown).toContain(last.id);
    expect(shown).not.toContain(before.id);
    expect(shown).not.toContain(after.id);
    expect(shown).not.toContain(elsewhere.id);
    expect((await list(undefined, { kind: "share", token })).every((a) => !a.editable)).toBe(true);
    expect(
      (await create(owner, { day: "2026-02-02", note: "Through the link" }, { kind: "share", token })).status,
    ).toBe(403);
  });

  it("a share link of a running range (the last 30 days) lists a note of ten days ago", async () => {
    const day = new Date(t.clock.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const recent = await created(member, day, "Ten days ago");
    const response = await createShareRoute(
      t.app,
      dashboardCall("/api/w/acme/shares", {
        cookie: member,
        method: "POST",
        body: { name: "Recent", query: "?interval=30d&event=clicks&timezone=UTC" },
      }),
      "acme",
    );
    const token = new URL(((await response.json()) as { url: string }).url).pathname.split("/").at(-1) ?? "";
    expect((await list(undefined, { kind: "share", token })).map((a) => a.id)).toContain(recent.id);
  });

  it("without a session nothing is listed", async () => {
    const response = await listAnnotationsRoute(t.app, dashboardCall("/api/w/acme/annotations"), acme);
    expect(response.status).toBe(401);
  });
});
