const QUOTE = 0x22;
const NEWLINE = 0x0a;
const TAIL_CHARS = 2048;
const FAILURE = /^# export failed: (.*)$/;

export interface CsvSummary {
  /** Data rows: lines minus the header and the trailing `# …` notes. */
  rows: number;
  /** The server's `# export failed: …` message, when the stream ended with one. */
  failure: string | null;
  /** Trailing notes other than a failure ("# 3 events could not be read …"). */
  notes: string[];
}

export interface CsvProgress {
  /** Passes the bytes through unchanged, counting records as they go. */
  stream: TransformStream<Uint8Array, Uint8Array>;
  /** What went through, once the stream has ended. */
  summary(): CsvSummary;
}

/**
 * Counts the records of a streamed CSV without holding it: only the last 2 KB are kept, to read
 * the server's trailing notes. Newlines inside quoted fields are not record ends; `""` toggles the
 * quote state twice, so it needs no special case.
 */
export function csvProgress(onRows: (rows: number) => void): CsvProgress {
  const decoder = new TextDecoder();
  let inQuotes = false;
  let lines = 0;
  let tail = "";
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        if (byte === QUOTE) inQuotes = !inQuotes;
        else if (byte === NEWLINE && !inQuotes) lines++;
      }
      tail = (tail + decoder.decode(chunk, { stream: true })).slice(-TAIL_CHARS);
      controller.enqueue(chunk);
      onRows(Math.max(0, lines - 1));
    },
  });
  const summary = (): CsvSummary => {
    const notes: string[] = [];
    for (const line of tail.split("\n").filter(Boolean).reverse()) {
      if (!line.startsWith("# ")) break;
      notes.unshift(line);
    }
    const failureLine = notes.find((note) => FAILURE.test(note));
    return {
      rows: Math.max(0, lines - 1 - notes.length),
      failure: failureLine ? (FAILURE.exec(failureLine)?.[1] ?? "unknown error") : null,
      notes: notes.filter((note) => note !== failureLine).map((note) => note.slice(2)),
    };
  };
  return { stream, summary };
}

/** The name the server suggests in Content-Disposition, else the fallback. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? "");
  return match ? decodeURIComponent(match[1]) : fallback;
}
