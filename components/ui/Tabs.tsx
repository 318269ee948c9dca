"use client";

import { useRef, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

export interface TabsProps<T extends string> {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** Prefix of the tab and panel element ids; pair each tab with `<TabPanel idBase … />`. */
  idBase: string;
  /** "manual": arrows move focus and Enter/Space selects (use when selecting costs a request). */
  activation?: "automatic" | "manual";
  className?: string;
}

export const tabElementId = (idBase: string, id: string) => `${idBase}-tab-${id}`;
export const tabPanelElementId = (idBase: string, id: string) => `${idBase}-panel-${id}`;

/** WAI-ARIA tabs: one tab stop, arrows/Home/End move between tabs. */
export function Tabs<T extends string>({
  label,
  items,
  value,
  onChange,
  idBase,
  activation = "automatic",
  className = "",
}: TabsProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const id = items[target].id;
    refs.current.get(id)?.focus();
    if (activation === "automatic") onChange(id);
  };

  return (
    <div role="tablist" aria-label={label} className={`inline-flex gap-1 rounded-lg bg-zinc-100 p-1 ${className}`}>
      {items.map((item, index) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            ref={(el) => {
              if (el) refs.current.set(item.id, el);
              else refs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={tabElementId(idBase, item.id)}
            aria-selected={selected}
            aria-controls={tabPanelElementId(idBase, item.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => !selected && onChange(item.id)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={`rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${
              selected ? "bg-white text-zinc-900 shadow-sm ring-1 ring-zinc-200" : "text-zinc-600 hover:text-zinc-900"
            }`}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export interface TabPanelProps {
  idBase: string;
  id: string;
  children: ReactNode;
  className?: string;
}

export function TabPanel({ idBase, id, children, className = "" }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={tabPanelElementId(idBase, id)}
      aria-labelledby={tabElementId(idBase, id)}
      tabIndex={0}
      className={`focus-visible:outline-2 focus-visible:outline-indigo-500 ${className}`}
    >
      {children}
    </div>
  );
}
