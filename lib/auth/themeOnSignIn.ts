import "server-only";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { THEME_COOKIE, THEME_COOKIE_MAX_AGE_S, type Theme } from "../theme/theme";
import { SIGN_IN_PATHS } from "./authEvents";

export type ThemeOf = (userId: string) => Promise<Theme | null>;

/**
 * A plugin that copies a person's stored theme into the browser's theme cookie when they sign in
 * (any method), so a new browser shows their theme from its first page, with no flash. Someone
 * who never chose one keeps the browser's. Listed after the two-factor plugin, as ./authEvents.ts.
 */
export function themeOnSignIn(themeOf: ThemeOf): BetterAuthPlugin {
  return {
    id: "linklens-theme-on-sign-in",
    hooks: {
      after: [
        {
          matcher: (ctx) => SIGN_IN_PATHS.some((path) => path.test(ctx.path ?? "")),
          handler: createAuthMiddleware(async (ctx) => {
            const session = ctx.context.newSession;
            if (!session) return;
            const theme = await themeOf(session.user.id);
            if (!theme) return;
            ctx.setCookie(THEME_COOKIE, theme, {
              path: "/",
              maxAge: THEME_COOKIE_MAX_AGE_S,
              sameSite: "lax",
              httpOnly: false,
              secure: ctx.context.authCookies.sessionToken.attributes.secure,
            });
          }),
        },
      ],
    },
  };
}
