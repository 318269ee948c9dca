"use client";

import { useOpenTabs } from "@/lib/url/useUrlState";
import type { CardSpec, TabSpec } from "./cards";
import { openTab, withOpenTab, type TabId } from "./openTabs";

/** A card's open tab, kept in the URL so a shared link opens the same tabs. */
export function useOpenTab(card: CardSpec): [TabSpec, (tabId: TabId) => void] {
  const [open, setOpen] = useOpenTabs();
  return [openTab(card, open), (tabId) => setOpen((current) => withOpenTab(current, card, tabId))];
}
