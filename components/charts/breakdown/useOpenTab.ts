"use client";

import { parseAsArrayOf, parseAsStringLiteral, useQueryState } from "nuqs";
import type { CardSpec, TabSpec } from "./cards";
import { TAB_IDS, openTab, withOpenTab, type TabId } from "./openTabs";

const tabsParser = parseAsArrayOf(parseAsStringLiteral(TAB_IDS)).withOptions({ history: "push" });

/** A card's open tab, kept in the URL so a shared link opens the same tabs. */
export function useOpenTab(card: CardSpec): [TabSpec, (tabId: TabId) => void] {
  const [open, setOpen] = useQueryState("tabs", tabsParser);
  const choose = (tabId: TabId) =>
    void setOpen((current) => {
      const next = withOpenTab(current ?? [], card, tabId);
      return next.length > 0 ? next : null;
    });
  return [openTab(card, open ?? []), choose];
}
