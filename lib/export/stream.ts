import { MAX_LIMIT, eventsQueryToParams, parseEventsQuery, type EventsQuery } from "../contract/query";
import { callUpstream } from "../upstream/call";
import { upstreamConfig, type UpstreamConfig } from "../upstream/config";
import type { UpstreamReply } from "../upstream/client";
import { GatewayError, NO_STORE } from "../upstream/errors";
import { failure, relay, upstreamErrorMessage } from "../upstream/relay";
import { readEventsPage } from "../upstream/tolerant";
import { fixedSaleType, newSalesQuery, saleTypeFrom, type DerivedFields } from "../events/saleTypes";
import type { ReadEvent } from "../upstream/tolerant";
import { exporterFor, type Exporter } from "./exporter";

/** Export pages wait behind interactive requests in the key's rate budget. */
const EXPORT_PRIORITY = -10;
const encoder = new TextEncoder();

export function exportFilename(event: string, timeZone: string, now: Date): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `linklens-${event}-${day}.csv`;
}

interface Pager {
  config: UpstreamConfig;
  query: EventsQuery;
  exporter: Exporter;
  signal: AbortSignal;
}

/** The platform refused a request: its reply goes to the browser as it is. */
type Refused = { refused: UpstreamReply };
type Page = { lines: string; last: boolean; unreadable: number } | Refused;

function getEvents(pager: Pager, query: EventsQuery): Promise<UpstreamReply> {
  return callUpstream(pager.config, "/events", eventsQueryToParams(query), { priority: EXPORT_PRIORITY, signal: pager.signal });
}

/** The ids of the new sales in a page's span: the companion listing of lib/events/saleTypes, paged to its end. */
async function newSaleIds(pager: Pager, sales: readonly ReadEvent[]): Promise<Set<string> | Refused> {
  const ids = new Set<string>();
  for (let page = 1; ; page += 1) {
    const companion = newSalesQuery(pager.query, sales, page);
    if (!companion) return ids;
    const reply = await getEvents(pager, companion);
    if (reply.status !== 200) return { refused: reply };
    const read = readEventsPage(reply.body, "sales");
    for (const event of read.events) if (event.event === "sale") ids.add(event.eventId);
    if (read.received < MAX_LIMIT) return ids;
  }
}

/** What the chosen columns need beyond the events themselves (new or recurring), or a refused companion request. */
async function derivedFor(pager: Pager, events: readonly ReadEvent[]): Promise<{ derive?: (event: ReadEvent) => DerivedFields } | Refused> {
  if (pager.query.event !== "sales" || !pager.exporter.needsSaleTypes) return {};
  const fixed = fixedSaleType(pager.query);
  const newIds = fixed ? undefined : await newSaleIds(pager, events);
  if (newIds && "refused" in newIds) return newIds;
  return { derive: (event) => (event.event === "sale" ? { saleType: saleTypeFrom(fixed, newIds, event.eventId) } : {}) };
}

async function fetchPage(pager: Pager, page: number): Promise<Page> {
  const reply = await getEvents(pager, { ...pager.query, page, limit: MAX_LIMIT });
  if (reply.status !== 200) return { refused: reply };
  const read = readEventsPage(reply.body, pager.query.event);
  const derived = await derivedFor(pager, read.events);
  if ("refused" in derived) return derived;
  return { lines: pager.exporter.rows(read.events, derived.derive), last: read.received < MAX_LIMIT, unreadable: read.unreadable };
}

function closeQuietly(controller: ReadableStreamDefaultController<Uint8Array>): void {
  try {
    controller.close();
  } catch {
    // already cancelled by the client
  }
}

/**
 * GET /api/export: every event matching the filters as CSV, paged upstream 1000 at a time through
 * the key's rate budget, streamed as it comes. Stops paging when the client goes away; a failure
 * after the first page ends the file with `# export failed: <message>`.
 */
export async function exportCsv(request: Request): Promise<Response> {
  const abort = new AbortController();
  const signal = AbortSignal.any([request.signal, abort.signal]);
  try {
    const params = new URLSearchParams(new URL(request.url).searchParams);
    const requestedColumns = params.get("columns");
    for (const name of ["columns", "page", "limit"]) params.delete(name);
    const parsed = parseEventsQuery(params);
    const exporter = exporterFor(parsed.event, requestedColumns);
    const config = upstreamConfig();
    const now = new Date();
    // Pinning `end` keeps pages stable while new events arrive during a long export.
    const query: EventsQuery = { ...parsed, end: parsed.end ?? now.toISOString() };
    const pager: Pager = { config, query, exporter, signal };

    const first = await fetchPage(pager, 1);
    if ("refused" in first) return relay(first.refused);

    let page = 1;
    let done = first.last;
    let skipped = first.unreadable;
    const finish = (controller: ReadableStreamDefaultController<Uint8Array>) => {
      if (skipped > 0) controller.enqueue(encoder.encode(`# ${skipped} events could not be read and are not in this file\n`));
      closeQuietly(controller);
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(exporter.header + first.lines));
        if (done) finish(controller);
      },
      async pull(controller) {
        try {
          page += 1;
          const next = await fetchPage(pager, page);
          if ("refused" in next) throw new GatewayError(502, upstreamErrorMessage(next.refused.body) ?? `the link platform answered with status ${next.refused.status}`);
          controller.enqueue(encoder.encode(next.lines));
          skipped += next.unreadable;
          done = next.last;
        } catch (error) {
          if (signal.aborted) return closeQuietly(controller);
          const message = error instanceof GatewayError ? error.message : "unexpected failure while exporting";
          controller.enqueue(encoder.encode(`# export failed: ${message.replace(/[\r\n]+/g, " ")}\n`));
          return closeQuietly(controller);
        }
        if (done) finish(controller);
      },
      cancel() {
        abort.abort();
      },
    });
    return new Response(body, {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFilename(parsed.event, parsed.timezone, now)}"`,
        "Cache-Control": NO_STORE,
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    return failure(error);
  }
}
