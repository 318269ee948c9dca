"use client";

import dynamic from "next/dynamic";
import { useId, useState } from "react";
import { useCapabilities } from "@/components/access/AccessContext";
import { Alert } from "@/components/ui/Alert";
import { ExportButton } from "@/components/export/ExportButton";
import type { FilterParam } from "@/lib/contract/dimensions";
import { toolRefusal, toolsNote } from "@/lib/access/toolReasons";
import { KIND_LABELS, filterDef } from "@/lib/filters/dimensions";
import { useFilterOptions } from "@/lib/queries/useFilterOptions";
import { useView } from "@/lib/filters/useView";
import type { ReadEvent } from "@/lib/queries/readEvents";
import { useEvents } from "@/lib/queries/useEvents";
import { useSaleTypes } from "@/lib/queries/useSaleTypes";
import { useEventDetail } from "@/lib/queries/useEventDetail";
import { useOpenEvent } from "@/lib/url/useUrlState";
import { addFilterValue } from "./addFilterValue";
import type { CellFilter } from "./CellValue";
import { ColumnChooser } from "./ColumnChooser";
import { EventsBody } from "./EventsBody";
import { rowId } from "./EventsTable";
import { EventsHeading, EventsPlanLockedTools } from "./EventsHeading";
import { RevealIpsToggle } from "./RevealIpsToggle";
import { TABLE_COLUMNS } from "./tableColumns";
import { useColumnChoice } from "./useColumnChoice";

/** The detail sheet only exists after a row is opened, so its code (all the sections) loads then, not on first visit. */
const EventDetail = dynamic(() => import("./EventDetail").then((m) => m.EventDetail), { ssr: false });

/** The events tabs, table and their tools. Everything that defines the view lives in the URL (useView). */
export function EventsSection() {
  const view = useView();
  // The table lists one kind: the page's filters that kind does not have are left out (view.notOnKind).
  const query = view.table;
  const kind = query.event;
  const columns = TABLE_COLUMNS[kind];
  const choice = useColumnChoice(kind, columns);
  const [revealIps, setRevealIps] = useState(false);
  const capabilities = useCapabilities();
  const exportRefusal = toolRefusal(capabilities, "export");
  const revealRefusal = toolRefusal(capabilities, "revealIps");
  const refusalsId = useId();
  const [detail, setDetail] = useOpenEvent();

  const result = useEvents(query, revealIps);
  const planBlocked = result.error?.status === 403;
  // Partners are named from the partner filter's options (the same request as its chip and card), only while their column shows.
  const partners = useFilterOptions(filterDef("partnerId"), query, { enabled: choice.visibleIds.includes("partner") });
  const partnerNames = new Map(partners.status === "ready" ? partners.options.map((o) => [o.value, o.label]) : []);
  const nameOf = (param: FilterParam, id: string) => (param === "partnerId" ? partnerNames.get(id) : undefined);
  // The open event (in the URL) as the current page has it (revealing IPs fetches the page again, and
  // the sheet shows that copy); off the page, one request for the millisecond it happened.
  const onPage = detail
    ? result.data?.events.find((e) => e.event === detail.kind && rowId(e) === detail.id)
    : undefined;
  const offPage = useEventDetail(
    detail,
    detail !== null && onPage === undefined && result.data !== undefined && !result.isPlaceholderData,
    revealIps,
  );
  const opened = onPage ?? offPage.event ?? null;
  const open = (event: ReadEvent) => setDetail({ kind: event.event, id: rowId(event), at: event.timestamp });
  const saleTypes = useSaleTypes(query, result.data, result.isPlaceholderData);
  const saleTypeOf = (event: ReadEvent) => (event.event === "sale" ? saleTypes.typeOf(event) : undefined);

  const onFilter = ({ param, value }: CellFilter) =>
    void view.setFilter(param, addFilterValue(param, query.filters[param], value));
  const exportIds = columns.filter((c) => choice.visibleIds.includes(c.id)).map((c) => c.id);

  return (
    <section aria-labelledby="events-heading" className="space-y-3">
      <EventsHeading className="flex flex-wrap items-center justify-between gap-3">
        {planBlocked ? (
          <EventsPlanLockedTools />
        ) : (
          <div className="flex flex-wrap items-center justify-end gap-2">
            <RevealIpsToggle
              revealed={revealIps && revealRefusal === null}
              onChange={setRevealIps}
              refusal={revealRefusal}
              describedBy={refusalsId}
            />
            <ColumnChooser
              kindLabel={KIND_LABELS[kind]}
              columns={columns}
              visibleIds={choice.visibleIds}
              customized={choice.customized}
              onShow={choice.setShown}
              onReset={choice.reset}
            />
            <ExportButton
              query={query}
              columns={exportIds}
              revealIps={revealIps && revealRefusal === null}
              refusal={exportRefusal}
              describedBy={refusalsId}
            />
            {toolsNote(capabilities) && (
              <p id={refusalsId} className="w-full text-right text-xs text-zinc-600">
                {toolsNote(capabilities)}
              </p>
            )}
          </div>
        )}
      </EventsHeading>

      <div className="space-y-3 rounded-xl">
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
          cell={{ timeZone: view.timeZone, revealIps, saleTypeOf, onFilter, nameOf }}
          onOpen={open}
        />
      </div>

      {detail && offPage.event === null && onPage === undefined && result.data !== undefined && (
        <Alert tone="warning" title="The event in the address was not found">
          It may have been deleted, or the address was cut short.
        </Alert>
      )}
      {opened && (
        <EventDetail
          key={rowId(opened)}
          event={opened}
          timeZone={view.timeZone}
          saleType={saleTypeOf(opened)}
          revealIps={revealIps}
          onRevealIps={setRevealIps}
          onClose={() => setDetail(null)}
        />
      )}
    </section>
  );
}
