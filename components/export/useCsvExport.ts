"use client";

import { useEffect, useRef, useState } from "react";
import { errorBodySchema } from "@/lib/contract/errors";

export type ExportState =
  | { phase: "idle" }
  | { phase: "running"; rows: number }
  | { phase: "done"; rows: number; notes: string[] }
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

/** Streams a CSV export with progress, cancellation (AbortController) and a download at the end. */
export function useCsvExport() {
  const [state, setState] = useState<ExportState>({ phase: "idle" });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = async (url: string, fallbackName: string) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: "running", rows: 0 });
    try {
      const response = await fetch(url, { signal: abort.signal });
      if (!response.ok || !response.body) {
        setState({ phase: "failed", message: await failureMessage(response) });
        return;
      }
      // The stream reader is only needed once an export runs: keep it out of the first-visit JavaScript.
      const { fileNameFrom, readCsvStream, saveBlob } = await import("./readCsvStream");
      const result = await readCsvStream(response.body, (rows) => setState({ phase: "running", rows }));
      if (result.failure) {
        setState({ phase: "failed", message: `The export stopped after ${result.rows.toLocaleString("en-US")} rows: ${result.failure}` });
        return;
      }
      saveBlob(new Blob(result.chunks as BlobPart[], { type: "text/csv;charset=utf-8" }), fileNameFrom(response.headers.get("Content-Disposition"), fallbackName));
      setState({ phase: "done", rows: result.rows, notes: result.notes });
    } catch (error) {
      if (abort.signal.aborted) setState({ phase: "cancelled" });
      else setState({ phase: "failed", message: error instanceof Error && error.message ? `The export was interrupted (${error.message}).` : "The export was interrupted." });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const cancel = () => controller.current?.abort();
  const dismiss = () => setState({ phase: "idle" });

  return { state, start, cancel, dismiss };
}
