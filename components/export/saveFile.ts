/**
 * Where a browser writes an export as it arrives, never holding it whole: a file the user picks
 * (File System Access API, Chromium), written through a stream; elsewhere the browser's own
 * download of the attachment, which it streams to disk.
 */

interface SavePickerOptions {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}

type ShowSaveFilePicker = (options: SavePickerOptions) => Promise<FileSystemFileHandle>;

function savePicker(): ShowSaveFilePicker | null {
  if (
    typeof window === "undefined" ||
    !("showSaveFilePicker" in window) ||
    typeof window.showSaveFilePicker !== "function"
  )
    return null;
  return (window.showSaveFilePicker as ShowSaveFilePicker).bind(window);
}

/**
 * Asks where to save, when the browser can write a file as it streams: the handle, "declined"
 * when the user closed the picker, null when the browser has no picker (use `downloadAttachment`).
 * Call it first in a click handler: the picker needs the click's user activation.
 */
export async function pickSaveFile(suggestedName: string): Promise<FileSystemFileHandle | "declined" | null> {
  const show = savePicker();
  if (!show) return null;
  try {
    return await show({ suggestedName, types: [{ description: "CSV file", accept: { "text/csv": [".csv"] } }] });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return "declined";
    // A picker the page may not use (a cross-origin frame, a policy): the download still works.
    return null;
  }
}

/** Removes the file the picker created, when the export wrote nothing to it (best effort: not every browser can). */
export async function discardPicked(handle: FileSystemFileHandle): Promise<void> {
  if (!("remove" in handle) || typeof handle.remove !== "function") return;
  try {
    await (handle.remove as () => Promise<void>).call(handle);
  } catch {
    // the empty file stays
  }
}

/** Hands the export's URL to the browser's download machinery, which writes the attachment to disk as it arrives. */
export function downloadAttachment(url: string, name: string): void {
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = name;
  anchor.style.display = "none";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
