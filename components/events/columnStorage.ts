import type { EventKind } from "@/lib/filters/table";

/**
 * The column chooser's choices per event kind, kept in localStorage as overrides of each
 * column's default ({ id: shown }), so columns added later still follow their default.
 */
export type ColumnOverrides = Readonly<Record<string, boolean>>;

const storageKey = (kind: EventKind) => `linklens:columns:${kind}`;
const CHANGE_EVENT = "linklens:columns";

export function readOverridesRaw(kind: EventKind): string | null {
  try {
    return window.localStorage.getItem(storageKey(kind));
  } catch {
    return null;
  }
}

export function parseOverrides(raw: string | null): ColumnOverrides {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean"));
  } catch {
    return {};
  }
}

export function writeOverrides(kind: EventKind, overrides: ColumnOverrides): void {
  try {
    if (Object.keys(overrides).length === 0) window.localStorage.removeItem(storageKey(kind));
    else window.localStorage.setItem(storageKey(kind), JSON.stringify(overrides));
  } catch {
    // Private mode or a full quota: the choice lasts for this page view only.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Other tabs report through `storage`; this tab through its own event. */
export function subscribeOverrides(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}
