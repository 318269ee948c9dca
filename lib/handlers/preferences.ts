import "server-only";
import * as z from "../contract/zod";
import type { App } from "../dashboard/dashboardApp";
import { json, refusal } from "../guard/refusal";
import { requesterOf } from "../guard/requester";
import { THEMES } from "../theme/theme";
import { readBody } from "./body";
import { answered } from "./guarded";

const preferencesBody = z.object({ theme: z.enum(THEMES) });

/** GET /api/me/preferences: the signed-in person's stored theme (null: never chosen). */
export const preferencesRoute = (app: App, request: Request): Promise<Response> =>
  answered(async () => {
    const requester = await requesterOf(app, request.headers);
    if (requester.kind === "anonymous") throw refusal("unauthorized", "Sign in to see your preferences.");
    if (requester.kind === "local") return json({ theme: null, stored: false });
    return json({ theme: await app.preferences.themeOf(requester.person.id), stored: true });
  });

/**
 * PATCH /api/me/preferences `{theme}`: a signed-in person's theme is stored with their account
 * (`stored: true`); anyone else's (the loopback dashboard's local user, a share link's visitor)
 * stays in their browser's cookie alone, which the page writes itself (`stored: false`).
 */
export const setPreferencesRoute = (app: App, request: Request): Promise<Response> =>
  answered(async () => {
    const { theme } = await readBody(request, preferencesBody);
    const requester = await requesterOf(app, request.headers);
    if (requester.kind !== "person") return json({ theme, stored: false });
    await app.preferences.setTheme(requester.person.id, theme);
    return json({ theme, stored: true });
  });
