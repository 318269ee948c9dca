"use client";

import { useState } from "react";
import { useCapabilities } from "@/components/access/AccessContext";
import { Button } from "@/components/ui/Button";
import { DownloadIcon } from "@/components/ui/icons";
import { toolRefusal } from "@/lib/access/toolReasons";
import { resolveRange } from "@/lib/contract/dateRange";
import type { CommonQuery } from "@/lib/contract/query";
import { formatRange, isoDateInZone } from "@/lib/format/date";
import { useApiScope } from "@/lib/scope/ApiScopeContext";
import type { ApiScope } from "@/lib/scope/apiScope";
import { downloadAttachment } from "./saveFile";
import { useViewFiles } from "./ViewFiles";

type State =
  | { phase: "idle" }
  | { phase: "running"; files: number }
  | { phase: "done"; name: string; files: number }
  | { phase: "failed"; message: string };

/** What the view is named after: its workspace (or "shared-view" on a share link) and the kind of events. */
function viewName(scope: ApiScope, query: CommonQuery & { event?: string }): string {
  const where = scope.startsWith("w/")
    ? decodeURIComponent(scope.slice(2))
    : scope.startsWith("s/")
      ? "shared-view"
      : "linklens";
  return `${where} ${query.event ?? ""}`;
}

/** The README of the ZIP: the view's URL, its range and zone, and what each file is. */
function aboutText(url: string, rangeText: string, timeZone: string, names: readonly string[], at: Date): string {
  return [
    "Linklens view export",
    `View: ${url}`,
    `Range: ${rangeText} (${timeZone})`,
    `Made: ${at.toISOString()}`,
    "",
    "Files (each as the card's own CSV writes it: UTF-8 with a byte-order mark, money in major units, rates and shares in %):",
    ...names.map((name) => `- ${name}`),
    "",
  ].join("\n");
}

/**
 * "Download view": one ZIP of the key figures, the time series and every breakdown card on the
 * page (each card's CSV as its own button writes it), plus a file naming the view's URL and range.
 * Made in the browser from what the cards hold (a card's composite rows cost its CSV's requests
 * once); refused like the events export for viewers and share links without export.
 */
export function DownloadViewButton({ query }: { query: CommonQuery & { event?: string } }) {
  const capabilities = useCapabilities();
  const refusal = toolRefusal(capabilities, "export");
  const scope = useApiScope();
  const files = useViewFiles();
  const [state, setState] = useState<State>({ phase: "idle" });

  const download = async () => {
    const offered = files();
    setState({ phase: "running", files: offered.length });
    try {
      const at = new Date();
      const texts = await Promise.all(offered.map(async (file) => ({ name: file.name, text: await file.produce() })));
      let days = { first: "all", last: "time" };
      let rangeText = "all time";
      try {
        const range = resolveRange(query, at);
        days = {
          first: isoDateInZone(range.start, query.timezone),
          last: isoDateInZone(new Date(range.end.getTime() - 1), query.timezone),
        };
        rangeText = formatRange(range, query.timezone);
      } catch {
        // An invalid range in the address: the files say what they hold; the name says "all-time".
      }
      const { viewZipName, zipText } = await import("@/lib/export/viewZip");
      const name = viewZipName(viewName(scope, query), days.first, days.last);
      const about = {
        name: "about-this-export.txt",
        text: aboutText(
          window.location.href,
          rangeText,
          query.timezone,
          texts.map((t) => t.name),
          at,
        ),
      };
      const zip = zipText([about, ...texts], at);
      const url = URL.createObjectURL(new Blob([zip.slice().buffer], { type: "application/zip" }));
      downloadAttachment(url, name);
      URL.revokeObjectURL(url);
      setState({ phase: "done", name, files: texts.length });
    } catch (error) {
      setState({ phase: "failed", message: error instanceof Error ? error.message : "The files could not be made." });
    }
  };

  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        size="sm"
        onClick={() => void download()}
        disabled={refusal !== null || state.phase === "running"}
        title={refusal ?? "Every card's CSV and the key figures, in one ZIP"}
      >
        <DownloadIcon className="size-4" />
        Download view
      </Button>
      <span role="status" className="text-xs text-zinc-600">
        {refusal !== null
          ? refusal
          : state.phase === "running"
            ? `Making ${state.files} files…`
            : state.phase === "done"
              ? `Saved ${state.name} (${state.files} files).`
              : state.phase === "failed"
                ? `Download failed: ${state.message}`
                : ""}
      </span>
    </div>
  );
}
