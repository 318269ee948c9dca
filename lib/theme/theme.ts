/**
 * The page's colour theme: light, dark, or the system's (`prefers-color-scheme`, followed live by
 * CSS alone: app/globals.css). The browser keeps the choice in a cookie, so the server renders the
 * first HTML in it (no flash); a signed-in person's choice is also stored with their account and
 * copied into the cookie when they sign in (lib/auth/themeOnSignIn.ts).
 */
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

/** No choice made, or one the server cannot read: the system's. */
export const DEFAULT_THEME: Theme = "system";

export const THEME_COOKIE = "linklens_theme";
export const THEME_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const THEME_LABELS: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

/** The root element's `color-scheme` for each choice: native controls and scroll bars follow it. */
export const COLOR_SCHEME: Record<Theme, string> = { light: "light", dark: "dark", system: "light dark" };

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** The theme a cookie's value names; anything else (absent, unknown, tampered) is the system's: a cookie is the client's word. */
export function themeOfCookie(value: string | null | undefined): Theme {
  return isTheme(value) ? value : DEFAULT_THEME;
}

/** The `document.cookie` line that remembers `theme` for a year on every path (Secure on https pages). */
export function themeCookieLine(theme: Theme, secure: boolean): string {
  return `${THEME_COOKIE}=${theme}; path=/; max-age=${THEME_COOKIE_MAX_AGE_S}; samesite=lax${secure ? "; secure" : ""}`;
}
