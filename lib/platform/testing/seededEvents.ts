import { strictEvents, type ClickEvent, type LeadEvent, type LinkEvent, type SaleEvent } from "../../contract/events";
import { events } from "./client";
import { openOracle, workspaceIdOf, type Oracle } from "./oracle";

/** What the GET /events tests (lib/platform/http/events.*.int.test.ts) read once per file from the seeded platform. */

export const NOW = Date.now();
export const HOUR = 3_600_000;
// A 24-hour window that ends well before now: stable while the tests run.
export const WINDOW = { start: new Date(NOW - 30 * HOUR).toISOString(), end: new Date(NOW - 6 * HOUR).toISOString() };

export async function list(params: Record<string, string>): Promise<LinkEvent[]> {
  return strictEvents.events.parse(await events(params));
}

export const windowed = (extra: Record<string, string> = {}) => ({ ...WINDOW, limit: "1000", ...extra });
export const idOf = (e: LinkEvent) => (e.event === "click" ? e.click.id : e.eventId);
export const ids = (list: readonly LinkEvent[]) => list.map(idOf);

export interface SeededEvents {
  oracle: Oracle;
  acme: string;
  globex: string;
  /** acme's clicks in WINDOW, newest first. */
  clicks: ClickEvent[];
  /** acme's leads and sales of all time, newest first. */
  leads: LeadEvent[];
  sales: SaleEvent[];
}

export async function openSeededEvents(): Promise<SeededEvents> {
  const oracle = await openOracle();
  return {
    oracle,
    acme: await workspaceIdOf(oracle, "acme"),
    globex: await workspaceIdOf(oracle, "globex"),
    clicks: (await list(windowed())) as ClickEvent[],
    leads: (await list({ event: "leads", interval: "all", limit: "1000" })) as LeadEvent[],
    sales: (await list({ event: "sales", interval: "all", limit: "1000" })) as SaleEvent[],
  };
}
