import { describe, expect, it } from "vitest";
import { cookieFrom } from "../http/cookies";
import { COLOR_SCHEME, THEME_COOKIE, THEMES, themeCookieLine, themeOfCookie } from "./theme";

describe("the theme cookie", () => {
  it("reads back light, dark and system", () => {
    for (const theme of THEMES) expect(themeOfCookie(theme)).toBe(theme);
  });

  it("anything else a client sends is the system's theme", () => {
    for (const bad of [
      undefined,
      null,
      "",
      "Dark",
      "DARK",
      " dark",
      "dark ",
      "blue",
      "light;dark",
      "%64ark",
      "x".repeat(5000),
    ])
      expect(themeOfCookie(bad)).toBe("system");
  });

  it("does not read a name from the object prototype as a theme", () => {
    for (const bad of ["constructor", "toString", "__proto__"]) expect(themeOfCookie(bad)).toBe("system");
  });

  it("the page remembers the choice for a year on every path, Secure on https; the server parses it back", () => {
    expect(themeCookieLine("dark", false)).toBe(`${THEME_COOKIE}=dark; path=/; max-age=31536000; samesite=lax`);
    expect(themeCookieLine("light", true)).toBe(
      `${THEME_COOKIE}=light; path=/; max-age=31536000; samesite=lax; secure`,
    );
    const header = `linklens_csrf=abc; ${themeCookieLine("dark", false).split(";")[0]}; other=1`;
    expect(themeOfCookie(cookieFrom(header, THEME_COOKIE))).toBe("dark");
  });

  it("each theme has the root's color-scheme: system lets the browser pick", () => {
    expect(COLOR_SCHEME).toEqual({ light: "light", dark: "dark", system: "light dark" });
  });
});
