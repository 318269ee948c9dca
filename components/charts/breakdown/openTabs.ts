import type { TabId } from "@/lib/url/keys";
import { BREAKDOWN_CARDS, type CardSpec, type TabSpec } from "./cards";

export type { TabId };

/** Every tab of every card, in page order; ids are unique across cards, so one list names them all. */
export const TABS_IN_PAGE_ORDER: readonly TabId[] = BREAKDOWN_CARDS.flatMap((card) => card.tabs.map((tab) => tab.id));

/**
 * The URL holds the cards that are not on their first tab as one list (`tabs=regions,top_urls`).
 * A card's open tab is the one of its tabs in that list, else its first.
 */
export function openTab(card: CardSpec, open: readonly string[]): TabSpec {
  return card.tabs.find((tab) => open.includes(tab.id)) ?? card.tabs[0];
}

/** The list after opening one of the card's tabs, in page order so a view has one spelling. */
export function withOpenTab(open: readonly string[], card: CardSpec, tabId: TabId): TabId[] {
  const others = open.filter((id) => !card.tabs.some((tab) => tab.id === id));
  const next = new Set(tabId === card.tabs[0].id ? others : [...others, tabId]);
  return TABS_IN_PAGE_ORDER.filter((id) => next.has(id));
}
