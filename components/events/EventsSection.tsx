"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { TabPanel, Tabs } from "@/components/ui/Tabs";
import { ExportButton } from "@/components/export/ExportButton";
import { useView } from "@/lib/filters/useView";
import type { ReadEvent } from "@/lib/queries/readEvents";
import { useEvents } from "@/lib/queries/useEvents";
import { useSaleTypes } from "@/lib/queries/useSaleTypes";
import { addFilterValue } from "./addFilterValue";
import type { CellFilter } from "./CellValue";
import { ColumnChooser } from "./ColumnChooser";
import { KIND_LABELS, KIND_TABS, TABS_ID } from "./eventKinds";
import { EventsBody } from "./EventsBody";
import { rowId } from "./EventsTable";
import { RevealIpsToggle } from "./RevealIpsToggle";
import { TABLE_COLUMNS } from "./tableColumns";
import { useColumnChoice } from "./useColumnChoice";

/** The detail sheet only exists after a row is opened, so its code (all the sections) loads then, not on first visit. */
const EventDetail = dynamic(() => import("./EventDetail").then((m) => m.EventDetail), { ssr: false });

/** The events tabs, table and their tools. Everything that defines the view lives in the URL (useView). */
export function EventsSection() {
  const view = useView();
  const { query } = view;
  const kind = query.event;
  const columns = TABLE_COLUMNS[kind];
  const choice = useColumnChoice(kind, columns);
  const [revealIps, setRevealIps] = useState(false);
  const [opened, setOpened] = useState<ReadEvent | null>(null);

  const result = useEvents(query);
  const saleTypes = useSaleTypes(query, result.data, result.isPlaceholderData);
  const saleTypeOf = (event: ReadEvent) => (event.event === "sale" ? saleTypes.typeOf(event) : undefined);

  const onFilter = ({ param, value }: CellFilter) => void view.setFilter(param, addFilterValue(param, query.filters[param], value));
  const exportIds = columns.filter((c) => choice.visibleIds.includes(c.id)).map((c) => c.id);

  return (
    <section aria-labelledby="events-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-4">
          <h2 id="events-heading" className="text-base font-semibold text-zinc-900">
            Events
          </h2>
          {/* Manual activation: every selection costs a request against a rate-limited platform. */}
          <Tabs label="Event kind" idBase={TABS_ID} items={KIND_TABS} value={kind} onChange={(k) => void view.setEvent(k)} activation="manual" />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <RevealIpsToggle revealed={revealIps} onChange={setRevealIps} />
          <ColumnChooser
            kindLabel={KIND_LABELS[kind]}
            columns={columns}
            visibleIds={choice.visibleIds}
            customized={choice.customized}
            onShow={choice.setShown}
            onReset={choice.reset}
          />
          <ExportButton query={query} columns={exportIds} />
        </div>
      </div>

      <TabPanel idBase={TABS_ID} id={kind} className="space-y-3 rounded-xl">
        {saleTypes.error && (
          <Alert tone="warning" title="New or recurring could not be determined">
            {saleTypes.error.message}
          </Alert>
        )}
        <EventsBody
          view={view}
          result={result}
          columns={columns}
          visibleIds={choice.visibleIds}
          cell={{ timeZone: view.timeZone, revealIps, saleTypeOf, onFilter }}
          onOpen={setOpened}
        />
      </TabPanel>

      {opened && (
        <EventDetail
          key={rowId(opened)}
          event={opened}
          timeZone={view.timeZone}
          saleType={saleTypeOf(opened)}
          revealIps={revealIps}
          onRevealIps={setRevealIps}
          onClose={() => setOpened(null)}
        />
      )}
    </section>
  );
}
