"use client";

import { Button } from "@/components/ui/Button";
import { DownloadIcon } from "@/components/ui/icons";
import { eventsQueryToParams, type EventsQuery } from "@/lib/contract/query";
import { formatNumber } from "@/lib/format/number";
import { useCsvExport } from "./useCsvExport";

interface Props {
  query: EventsQuery;
  /** Ids of the visible columns, in table order. */
  columns: readonly string[];
}

export function exportUrl(query: EventsQuery, columns: readonly string[]): string {
  const params = eventsQueryToParams(query);
  params.delete("page");
  params.delete("limit");
  params.set("columns", columns.join(","));
  return `/api/export?${params.toString()}`;
}

/** "Export CSV": every event of the current view (not just the page), streamed with progress. */
export function ExportButton({ query, columns }: Props) {
  const { state, start, cancel, dismiss } = useCsvExport();
  const running = state.phase === "running";

  return (
    <div className="flex items-center gap-2">
      <span role="status" className="text-sm tabular-nums text-zinc-500">
        {state.phase === "running" && `${formatNumber(state.rows)} rows…`}
        {state.phase === "done" && `Exported ${formatNumber(state.rows)} rows${state.notes.length > 0 ? ` (${state.notes.join("; ")})` : ""}`}
        {state.phase === "cancelled" && "Export cancelled"}
      </span>
      {state.phase === "failed" && (
        <span role="alert" className="inline-flex max-w-md items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-2.5 py-1 text-sm text-red-800">
          <span className="min-w-0">Export failed: {state.message}</span>
          <button type="button" onClick={dismiss} aria-label="Dismiss export error" className="rounded px-1 text-red-700 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-indigo-500">
            ×
          </button>
        </span>
      )}
      {running ? (
        <Button size="sm" onClick={cancel}>
          Cancel export
        </Button>
      ) : (
        <Button size="sm" variant="primary" onClick={() => void start(exportUrl(query, columns), `linklens-${query.event}.csv`)} disabled={columns.length === 0}>
          <DownloadIcon />
          Export CSV
        </Button>
      )}
    </div>
  );
}
