"use client";

import { useState } from "react";
import type { EventsQuery } from "@/lib/contract/query";
import { useInView } from "@/lib/hooks/useInView";
import { TabPanel, Tabs } from "@/components/ui/Tabs";
import { Card } from "../parts/Card";
import { ToggleButton } from "../parts/ToggleButton";
import type { OnFilter } from "./BreakdownList";
import type { CardDisplay, CardSpec } from "./cards";
import { GroupByPanel, PanelLoading, SaleTypePanel } from "./lazyPanels";
import { useOpenTab } from "./useOpenTab";
import { DEFAULT_SORT, type BreakdownSort } from "./breakdownSort";
import { useCardComparison } from "../parts/useCardComparison";

interface Props {
  spec: CardSpec;
  view: EventsQuery;
  onFilter: OnFilter;
}

/**
 * A card of groupings behind tabs (the open one is in the URL). Nothing is requested until the
 * card nears the viewport, then only the open tab; another tab loads when it is opened.
 */
export function BreakdownCard({ spec, view, onFilter }: Props) {
  const [tab, openTab] = useOpenTab(spec);
  const [display, setDisplay] = useState<CardDisplay>("list");
  const [sort, setSort] = useState<BreakdownSort>(DEFAULT_SORT);
  const [ref, seen] = useInView<HTMLElement>();
  const { comparing: comparison } = useCardComparison(view);
  const idPrefix = `breakdown-${spec.id}`;
  // An order by change needs a comparison; without one, the platform's order.
  const shownSort = comparison || (sort.column !== "change" && sort.column !== "shareChange") ? sort : DEFAULT_SORT;
  // The map shows its tab only; another tab opened from the map shows as bars.
  const shown: CardDisplay = display === "map" && tab.id !== spec.mapTab ? "list" : display;
  const panel = {
    view,
    enabled: seen,
    display: shown,
    onFilter,
    idPrefix: `${idPrefix}-${tab.id}`,
    comparison,
    sort: shownSort,
    onSort: setSort,
  };
  const byChange = shownSort.column === "change";

  return (
    <Card
      ref={ref}
      title={spec.title}
      titleId={`${idPrefix}-title`}
      // As tall as its rows (a grid row matches its neighbour), and a card alone on the grid's last row takes the whole row.
      className="lg:[&:last-child:nth-child(odd)]:col-span-2"
      actions={
        <>
          {comparison && (
            <ToggleButton
              pressed={byChange}
              onChange={(on) => setSort(on ? { column: "change", ascending: false } : DEFAULT_SORT)}
              label={`Sort by change, ${spec.title}`}
              title="Largest rise first"
            >
              Sort by change
            </ToggleButton>
          )}
          <ToggleButton
            pressed={shown === "table"}
            onChange={(on) => setDisplay(on ? "table" : "list")}
            label={`Show as table, ${spec.title}`}
          >
            Show as table
          </ToggleButton>
          {spec.mapTab && (
            <ToggleButton
              pressed={shown === "map"}
              onChange={(on) => {
                setDisplay(on ? "map" : "list");
                if (on && spec.mapTab) openTab(spec.mapTab);
              }}
              label={`Show as map, ${spec.title}`}
              title="Countries on a world map"
            >
              Show as map
            </ToggleButton>
          )}
        </>
      }
    >
      <Tabs
        label={spec.title}
        idBase={idPrefix}
        items={spec.tabs}
        value={tab.id}
        onChange={(tabId) => {
          openTab(tabId);
          if (display === "map" && tabId !== spec.mapTab) setDisplay("list");
        }}
        activation="manual"
        className="mb-3 max-w-full self-start overflow-x-auto"
      />
      <TabPanel idBase={idPrefix} id={tab.id} className="flex flex-1 flex-col rounded-md">
        {!seen ? (
          <PanelLoading />
        ) : tab.kind === "breakdown" ? (
          <GroupByPanel key={tab.id} groupBy={tab.groupBy} label={tab.label} {...panel} />
        ) : (
          <SaleTypePanel key={tab.id} {...panel} />
        )}
      </TabPanel>
    </Card>
  );
}
