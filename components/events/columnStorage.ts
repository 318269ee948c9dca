import type { EventKind } from "@/lib/contract/dimensions";

/**
 * The column chooser's choices per event kind, kept in localStorage as overrides of each
 * column's default ({ id: shown }), so columns added later still follow their default.
 */
export type ColumnOverrides = Readonly<Record<string, boolean>>;

const storageKey = (kind: EventKind) => `linklens:columns:${kind}`;
const CHANGE_EVENT = "linklens:columns";

/** Choices storage refused (private mode, full quota): they hold for this page view, over storage. */
const unsaved = new Map<EventKind, string | null>();

export function readOverridesRaw(kind: EventKind): string | null {
  if (unsaved.has(kind)) return unsaved.get(kind) ?? null;
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
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean"),
    );
  } catch {
    return {};
  }
}

export function writeOverrides(kind: EventKind, overrides: ColumnOverrides): void {
  const raw = Object.keys(overrides).length === 0 ? null : JSON.stringify(overrides);
  try {
    if (raw === null) window.localStorage.removeItem(storageKey(kind));
    else window.localStorage.setItem(storageKey(kind), raw);
    unsaved.delete(kind);
  } catch {
    unsaved.set(kind, raw);
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
