"use client";

import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { DownloadIcon } from "@/components/ui/icons";
import { eventsQueryToParams, type EventsQuery } from "@/lib/contract/query";
import { exportFileName } from "@/lib/export/fileName";
import { RAW_VALUES_PARAM } from "@/lib/export/params";
import { formatNumber } from "@/lib/format/number";
import { REVEAL_IPS_PARAM } from "@/lib/http/revealIps";
import { scopedApiPath, type ApiScope } from "@/lib/scope/apiScope";
import { useApiScope } from "@/lib/scope/ApiScopeContext";
import { useCsvExport } from "./useCsvExport";

interface Props {
  query: EventsQuery;
  /** Ids of the visible columns, in table order. */
  columns: readonly string[];
  /** The table shows full IP addresses: the file holds them too (the server masks them otherwise). */
  revealIps?: boolean;
  /** Why this requester may not export (lib/access/toolReasons.ts): the button is disabled and says so. */
  refusal?: string | null;
  describedBy?: string;
}

export function exportUrl(
  scope: ApiScope,
  query: EventsQuery,
  columns: readonly string[],
  revealIps = false,
  raw = false,
): string {
  const params = eventsQueryToParams(query);
  params.delete("page");
  params.delete("limit");
  params.set("columns", columns.join(","));
  if (revealIps) params.set(REVEAL_IPS_PARAM, "1");
  if (raw) params.set(RAW_VALUES_PARAM, "1");
  return scopedApiPath(scope, `/api/export?${params.toString()}`);
}

/** "Export CSV": every event of the current view (not just the page), streamed to a file with progress. */
export function ExportButton({ query, columns, revealIps = false, refusal = null, describedBy }: Props) {
  const { state, start, cancel, dismiss } = useCsvExport();
  const scope = useApiScope();
  const [raw, setRaw] = useState(false);
  const running = state.phase === "running";

  // The status sentence goes on its own line under the controls, as wide as they are: a long one
  // ("Saving …: your browser's downloads show its progress…") never pushes the toolbar onto two lines.
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center gap-2">
        {state.phase === "failed" && (
          <span
            role="alert"
            className="inline-flex max-w-md items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-2.5 py-1 text-sm text-red-800"
          >
            <span className="min-w-0">Export failed: {state.message}</span>
            <button
              type="button"
              onClick={dismiss}
              aria-label="Dismiss export error"
              className="rounded px-1 text-red-700 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              ×
            </button>
          </span>
        )}
        {!running && refusal === null && (
          <label
            className="flex items-center gap-1.5 text-xs text-zinc-600"
            title="Codes, ids and UTC times instead of the values as the page shows them"
          >
            <input
              type="checkbox"
              checked={raw}
              onChange={(e) => setRaw(e.target.checked)}
              className="size-3.5 accent-zinc-900"
            />
            Raw values
          </label>
        )}
        {running ? (
          <Button size="sm" onClick={cancel}>
            Cancel export
          </Button>
        ) : (
          <Button
            size="sm"
            variant="primary"
            onClick={() =>
              void start(
                exportUrl(scope, query, columns, revealIps, raw),
                exportFileName(query.event, query, new Date()),
              )
            }
            disabled={columns.length === 0 || refusal !== null}
            title={refusal ?? undefined}
            aria-describedby={refusal !== null ? describedBy : undefined}
          >
            <DownloadIcon />
            Export CSV
          </Button>
        )}
      </div>
      <span role="status" className="w-0 min-w-full text-right text-xs tabular-nums text-zinc-600">
        {state.phase === "running" && `${formatNumber(state.rows)} rows…`}
        {state.phase === "done" &&
          `Exported ${formatNumber(state.rows)} rows${state.notes.length > 0 ? ` (${state.notes.join("; ")})` : ""}`}
        {state.phase === "downloading" &&
          `Saving ${state.fileName}: your browser's downloads show its progress; if the export fails, the file's last line says why.`}
        {state.phase === "cancelled" && "Export cancelled"}
      </span>
    </div>
  );
}
