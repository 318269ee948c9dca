const QUOTE = 0x22;
const NEWLINE = 0x0a;
const TAIL_CHARS = 2048;
const FAILURE = /^# export failed: (.*)$/m;

export interface CsvResult {
  chunks: Uint8Array[];
  /** Data rows: lines minus the header and the trailing `# …` notes. */
  rows: number;
  /** The server's `# export failed: …` message, when the stream ended with one. */
  failure: string | null;
  /** Trailing notes other than a failure ("# 3 events could not be read …"). */
  notes: string[];
}

/**
 * Reads a streamed CSV to the end, counting records as they arrive. Newlines inside quoted
 * fields are not record ends; `""` toggles the quote state twice, so it needs no special case.
 */
export async function readCsvStream(body: ReadableStream<Uint8Array>, onRows: (rows: number) => void): Promise<CsvResult> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const chunks: Uint8Array[] = [];
  let inQuotes = false;
  let lines = 0;
  let tail = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (let i = 0; i < value.length; i++) {
      const byte = value[i];
      if (byte === QUOTE) inQuotes = !inQuotes;
      else if (byte === NEWLINE && !inQuotes) lines++;
    }
    tail = (tail + decoder.decode(value, { stream: true })).slice(-TAIL_CHARS);
    onRows(Math.max(0, lines - 1));
  }
  const trailing = tail.split("\n").filter(Boolean).reverse();
  const notes: string[] = [];
  for (const line of trailing) {
    if (!line.startsWith("# ")) break;
    notes.unshift(line);
  }
  const failureLine = notes.find((n) => FAILURE.test(n));
  return {
    chunks,
    rows: Math.max(0, lines - 1 - notes.length),
    failure: failureLine ? (FAILURE.exec(failureLine)?.[1] ?? "unknown error") : null,
    notes: notes.filter((n) => n !== failureLine).map((n) => n.slice(2)),
  };
}

/** The name the server suggests in Content-Disposition, else the fallback. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? "");
  return match ? decodeURIComponent(match[1]) : fallback;
}

/** Hands a finished file to the browser's download machinery. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = name;
  anchor.style.display = "none";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
