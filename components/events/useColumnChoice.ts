"use client";

import { useMemo, useSyncExternalStore } from "react";
import type { EventKind } from "@/lib/contract/dimensions";
import { parseOverrides, readOverridesRaw, subscribeOverrides, writeOverrides } from "./columnStorage";
import type { TableColumn } from "./tableColumns";

/**
 * Which columns of a kind are shown. The server and the first client render use the defaults
 * (localStorage is read through useSyncExternalStore), so hydration always matches.
 */
export function useColumnChoice(kind: EventKind, columns: readonly TableColumn[]) {
  const raw = useSyncExternalStore(
    subscribeOverrides,
    () => readOverridesRaw(kind),
    () => null,
  );
  const overrides = useMemo(() => parseOverrides(raw), [raw]);

  const visibleIds = useMemo(
    () => columns.filter((c) => overrides[c.id] ?? c.default).map((c) => c.id),
    [columns, overrides],
  );

  const setShown = (id: string, shown: boolean) => {
    const column = columns.find((c) => c.id === id);
    if (!column) return;
    const next: Record<string, boolean> = { ...overrides };
    if (shown === column.default) delete next[id];
    else next[id] = shown;
    writeOverrides(kind, next);
  };

  const reset = () => writeOverrides(kind, {});

  return { visibleIds, setShown, reset, customized: Object.keys(overrides).length > 0 };
}
