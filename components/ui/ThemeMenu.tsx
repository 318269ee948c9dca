"use client";

import { useId, useState } from "react";
import { sendJson } from "@/lib/scope/sendJson";
import { COLOR_SCHEME, isTheme, THEME_LABELS, THEMES, themeCookieLine, type Theme } from "@/lib/theme/theme";
import { buttonClass } from "./Button";
import { Popover } from "./Popover";

/** The theme the page shows now: the root element's, which the server rendered from the cookie. */
function shownTheme(): Theme {
  const value = document.documentElement.dataset.theme;
  return isTheme(value) ? value : "system";
}

/** Shows `theme` at once (app/theme.css switches on the root's data-theme) and remembers it in this browser's cookie. */
function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = COLOR_SCHEME[theme];
  document.cookie = themeCookieLine(theme, window.location.protocol === "https:");
}

const HINTS: Record<Theme, string> = {
  light: "Always light.",
  dark: "Always dark.",
  system: "As your device's setting, following it when it changes.",
};

type Saved = { kind: "idle" } | { kind: "account" } | { kind: "browser" } | { kind: "failed"; message: string };

const SAVED_TEXT = {
  account: "Saved to your account: it follows you to other browsers.",
  browser: "Remembered in this browser.",
} as const;

function ThemeChoice() {
  const name = useId();
  const [theme, setTheme] = useState<Theme>(shownTheme);
  const [saved, setSaved] = useState<Saved>({ kind: "idle" });

  const choose = async (next: Theme) => {
    setTheme(next);
    applyTheme(next);
    // A signed-in person's choice is stored with their account; anyone else's stays in the cookie alone.
    const sent = await sendJson<{ theme: Theme; stored: boolean }>("PATCH", "/api/me/preferences", { theme: next });
    if (!sent.ok) setSaved({ kind: "failed", message: sent.message });
    else setSaved({ kind: sent.data.stored ? "account" : "browser" });
  };

  return (
    <div className="p-1.5">
      <fieldset>
        <legend className="px-2 pt-1 pb-1.5 text-xs font-medium text-zinc-600">Theme</legend>
        {THEMES.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-2.5 rounded-md px-2 py-1.5 text-sm text-zinc-800 hover:bg-zinc-50 has-focus-visible:outline-2 has-focus-visible:outline-indigo-500"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={theme === option}
              onChange={() => void choose(option)}
              className="mt-0.5 size-4 accent-indigo-600 focus-visible:outline-none"
            />
            <span>
              <span className="block font-medium">{THEME_LABELS[option]}</span>
              <span className="block text-xs text-zinc-600">{HINTS[option]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p role="status" className="min-h-4 px-2 pt-1 text-xs text-zinc-600">
        {saved.kind === "failed"
          ? `Shown here, but not saved to your account: ${saved.message}`
          : saved.kind === "idle"
            ? ""
            : SAVED_TEXT[saved.kind]}
      </p>
    </div>
  );
}

/** The header's theme control: light, dark or the system's, as a radio group in a small panel. */
export function ThemeMenu({ className = "" }: { className?: string }) {
  return (
    <Popover
      label="Theme"
      align="end"
      className="w-72"
      trigger={(props) => (
        <button type="button" {...props} className={buttonClass("ghost", "sm", className)}>
          <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
            <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth={2} />
            <path d="M12 3.5a8.5 8.5 0 0 1 0 17z" fill="currentColor" />
          </svg>
          Theme
        </button>
      )}
    >
      {() => <ThemeChoice />}
    </Popover>
  );
}
