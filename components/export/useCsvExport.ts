"use client";

import { useEffect, useRef, useState } from "react";
import { errorBodySchema } from "@/lib/contract/errors";
import { formatNumber } from "@/lib/format/number";
import { discardPicked, downloadAttachment, pickSaveFile } from "./saveFile";

export type ExportState =
  | { phase: "idle" }
  | { phase: "running"; rows: number }
  | { phase: "done"; rows: number; notes: string[]; fileName: string }
  /** Handed to the browser's downloads (no file picker): it shows the progress. */
  | { phase: "downloading"; fileName: string }
  | { phase: "cancelled" }
  | { phase: "failed"; message: string };

async function failureMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data.error.message;
  } catch {
    // not JSON: fall through
  }
  return `The export failed with status ${response.status}.`;
}

/**
 * Streams a CSV export to a file as it arrives, with progress and cancellation: into the file the
 * user picks where the browser can (rows counted on the way, nothing held in memory), else through
 * the browser's download of the attachment once the export has started well (the first page,
 * fetched here, shows a refusal on the page instead of downloading it).
 */
export function useCsvExport() {
  const [state, setState] = useState<ExportState>({ phase: "idle" });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = async (url: string, suggestedName: string) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    // The picker first: it needs the click's user activation, which an earlier await could outlast.
    const file = await pickSaveFile(suggestedName);
    if (file === "declined") {
      setState({ phase: "idle" });
      return;
    }
    setState({ phase: "running", rows: 0 });
    try {
      // Loaded on first use: the first visit's JavaScript stays small.
      const { csvProgress, fileNameFrom } = await import("./csvProgress");
      const response = await fetch(url, { signal: abort.signal });
      if (!response.ok || !response.body) {
        setState({ phase: "failed", message: await failureMessage(response) });
        if (file) await discardPicked(file);
        return;
      }
      const fileName = fileNameFrom(response.headers.get("Content-Disposition"), suggestedName);
      if (!file) {
        await response.body.cancel();
        downloadAttachment(url, fileName);
        setState({ phase: "downloading", fileName });
        return;
      }
      const progress = csvProgress((rows) => setState({ phase: "running", rows }));
      const writable = await file.createWritable();
      await response.body.pipeThrough(progress.stream).pipeTo(writable, { signal: abort.signal });
      const summary = progress.summary();
      if (summary.failure) {
        setState({
          phase: "failed",
          message: `The export stopped after ${formatNumber(summary.rows)} rows, which ${file.name} holds: ${summary.failure}`,
        });
        return;
      }
      setState({ phase: "done", rows: summary.rows, notes: summary.notes, fileName: file.name });
    } catch (error) {
      // A write that did not finish is discarded by the browser: the picked file is left empty.
      if (file) await discardPicked(file);
      if (abort.signal.aborted) setState({ phase: "cancelled" });
      else
        setState({
          phase: "failed",
          message:
            error instanceof Error && error.message
              ? `The export was interrupted (${error.message}).`
              : "The export was interrupted.",
        });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const cancel = () => controller.current?.abort();
  const dismiss = () => setState({ phase: "idle" });

  return { state, start, cancel, dismiss };
}
