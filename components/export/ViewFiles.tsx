"use client";

import { createContext, use, useEffect, useState, type ReactNode } from "react";

/** One file of "Download view": a card's CSV as its own button writes it, made when the ZIP is. */
export interface ViewFile {
  name: string;
  /** Where it goes in the ZIP: key figures first, then the time series, then the cards by name. */
  order: number;
  produce: () => Promise<string>;
}

type Registry = Map<string, ViewFile>;

const ViewFilesContext = createContext<Registry | null>(null);

/** The cards on screen, each offering its file (its own CSV) to "Download view". */
export function ViewFilesProvider({ children }: { children: ReactNode }) {
  const [files] = useState<Registry>(() => new Map());
  return <ViewFilesContext value={files}>{children}</ViewFilesContext>;
}

/** Offers `file` (null: nothing yet) under `key` while the component is mounted. */
export function useViewFile(key: string, file: ViewFile | null): void {
  const files = use(ViewFilesContext);
  useEffect(() => {
    if (!files || !file) return;
    files.set(key, file);
    return () => {
      if (files.get(key) === file) files.delete(key);
    };
  }, [files, key, file]);
}

/** The files offered now, in the ZIP's order. */
export function useViewFiles(): () => ViewFile[] {
  const files = use(ViewFilesContext);
  return () => [...(files?.values() ?? [])].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}
