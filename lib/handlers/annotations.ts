import "server-only";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { allows } from "../access/access";
import { resolveRange, isValidBound, isDateOnly } from "../contract/dateRange";
import type { AnnotationJson } from "../contract/dashboardReplies";
import * as z from "../contract/zod";
import type { App } from "../dashboard/dashboardApp";
import type { Annotation } from "../db/schema";
import type { Granted } from "../guard/accessFor";
import { json, refusal } from "../guard/refusal";
import { actorOf, recordAudit } from "../audit/recordAudit";
import type { ListedAnnotation } from "../store/annotations";
import { readBody } from "./body";
import { guarded } from "./guarded";
import { readLock, unreadableLock } from "../guard/shareLink";

export const NOTE_MAX_LENGTH = 280;

const day = z.string().check(
  z.refine((value: string) => isDateOnly(value) && isValidBound(value), {
    message: "a calendar date such as 2026-03-14",
  }),
);
const note = z.string().check(z.trim(), z.minLength(1), z.maxLength(NOTE_MAX_LENGTH));

function userIdOf(granted: Granted): string | null {
  return granted.access.kind === "member" ? granted.access.userId : null;
}

/** Its author (the local user's notes are the local user's), or an owner. */
function mayChange(granted: Granted, annotation: Annotation): boolean {
  if (granted.access.kind !== "member") return false;
  return annotation.author_id === userIdOf(granted) || allows(granted.access, "curateAnnotations");
}

function annotationJson(annotation: Annotation, granted: Granted, authorName: string | null): AnnotationJson {
  return {
    id: annotation.id,
    day: annotation.day,
    note: annotation.note,
    authorName,
    editable: mayChange(granted, annotation),
    createdAt: new Date(annotation.created_at).toISOString(),
    updatedAt: new Date(annotation.updated_at).toISOString(),
  };
}

function dayIn(at: Date, timeZone: string): string {
  return format(new TZDate(at, timeZone), "yyyy-MM-dd");
}

/** The days a share link's view covers, in its time zone (a running range, up to now). */
function lockedDays(app: App, granted: Granted): { from: string; to: string } {
  if (!granted.link) return { from: "0000-01-01", to: "9999-12-31" };
  const read = readLock(granted.link.query);
  if (!read.ok) throw refusal("forbidden", unreadableLock(read.reasons));
  const range = resolveRange(read.lock, new Date(app.clock.now()));
  return {
    from: dayIn(range.start, read.lock.timezone),
    to: dayIn(new Date(range.end.getTime() - 1), read.lock.timezone),
  };
}

/**
 * GET /api/w/<slug>/annotations, /api/s/<token>/annotations, /api/annotations: the workspace's
 * notes, by day; through a share link only those on the days its locked view covers.
 */
export const listAnnotationsRoute = guarded("read", async (granted, app): Promise<Response> => {
  const days = lockedDays(app, granted);
  const rows: ListedAnnotation[] = await app.annotations.list(granted.target.workspace.id, days);
  return json({ annotations: rows.map((row) => annotationJson(row, granted, row.author_name)) });
});

const createBody = z.object({ day, note });

/** POST /api/w/<slug>/annotations, /api/annotations: a note on a day, shared with the workspace. */
export const createAnnotationRoute = guarded("annotate", async (granted, app, request): Promise<Response> => {
  const body = await readBody(request, createBody);
  const annotation = await app.annotations.create(granted.target.workspace.id, userIdOf(granted), body);
  await recordAudit(
    app,
    request,
    actorOf(granted.requester),
    granted.target.workspace.id,
    "annotation.created",
    `${annotation.day}: ${annotation.note}`,
  );
  return json(
    {
      annotation: annotationJson(
        annotation,
        granted,
        granted.requester.kind === "person" ? granted.requester.person.name : null,
      ),
    },
    201,
  );
});

async function changeable(app: App, granted: Granted, id: string): Promise<Annotation> {
  const annotation = await app.annotations.get(granted.target.workspace.id, id);
  if (!annotation) throw refusal("not_found", "There is no such note.");
  if (!mayChange(granted, annotation)) throw refusal("forbidden", "Only its author or an owner may change this note.");
  return annotation;
}

const updateBody = z.object({ day: z.optional(day), note: z.optional(note) });

/** PATCH /api/w/<slug>/annotations/<id> (or /api/annotations/<id>): another day or text, by its author or an owner. */
export const updateAnnotationRoute = guarded(
  "annotate",
  async (granted, app, request, id: string): Promise<Response> => {
    const body = await readBody(request, updateBody);
    const annotation = await changeable(app, granted, id);
    await app.annotations.update(granted.target.workspace.id, annotation.id, body);
    const after = `${body.day ?? annotation.day}: ${body.note ?? annotation.note}`;
    await recordAudit(
      app,
      request,
      actorOf(granted.requester),
      granted.target.workspace.id,
      "annotation.updated",
      after,
    );
    return json({ ok: true });
  },
);

/** DELETE /api/w/<slug>/annotations/<id>, by its author or an owner. */
export const deleteAnnotationRoute = guarded(
  "annotate",
  async (granted, app, request, id: string): Promise<Response> => {
    const annotation = await changeable(app, granted, id);
    await app.annotations.delete(granted.target.workspace.id, annotation.id);
    await recordAudit(
      app,
      request,
      actorOf(granted.requester),
      granted.target.workspace.id,
      "annotation.deleted",
      `${annotation.day}: ${annotation.note}`,
    );
    return new Response(null, { status: 204 });
  },
);
