import { expect, type Page, type Route } from "@playwright/test";
import { showEvents } from "./fixtures";

/** What the events-table journeys (e2e/events*.spec.ts) share. */

export const WIDE = "/?interval=90d";

export const eventsTable = (page: Page) => page.getByRole("table", { name: /^(Clicks|Leads|Sales), page/ });
export const dataRows = (page: Page) => eventsTable(page).locator("tbody tr[data-index]");

export async function firstRowsText(page: Page, count = 5): Promise<string[]> {
  await expect(dataRows(page).first()).toBeVisible();
  return dataRows(page).evaluateAll((rows, n) => rows.slice(0, n).map((r) => (r as HTMLElement).innerText), count);
}

export async function openAndWait(page: Page, url: string) {
  await page.goto(url);
  await showEvents(page);
  await expect(dataRows(page).first()).toBeVisible();
}

function errorBody(code: string, message: string) {
  return JSON.stringify({
    error: { code, message, doc_url: `https://linklens.dev/docs/api-reference/errors#${code.replaceAll("_", "-")}` },
  });
}

export function fulfillError(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return (route: Route) =>
    route.fulfill({ status, contentType: "application/json", headers, body: errorBody(code, message) });
}

/**
 * A File System Access picker whose file collects what is written into `window.exported`. With
 * `stall`, the disk takes the first chunk and then never finishes another write: the export is
 * still running whenever the test looks.
 */
export function stubSavePicker({ stall }: { stall: boolean }): void {
  const target = window as unknown as { exported: string; showSaveFilePicker: unknown };
  target.exported = "";
  // ignoreBOM: keep the file's byte-order mark in what the test reads, as a file on disk has it.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  target.showSaveFilePicker = async ({ suggestedName }: { suggestedName: string }) => ({
    name: suggestedName,
    createWritable: async () =>
      new WritableStream<Uint8Array>({
        write: (chunk) => {
          const first = target.exported === "";
          target.exported += decoder.decode(chunk, { stream: true });
          return stall && !first ? new Promise<void>(() => {}) : Promise.resolve();
        },
      }),
  });
}
