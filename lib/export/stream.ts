import "server-only";
import { MAX_LIMIT, eventsQueryToParams, parseEventsQuery, type EventsQuery } from "../contract/query";
import { readEventsPage, type ReadEvent } from "../contract/readEvents";
import { fixedSaleType, newSalesQuery, saleTypeFrom, type DerivedFields } from "../events/saleTypes";
import type { UpstreamReply } from "../upstream/client";
import { GatewayError, NO_STORE } from "../upstream/gatewayError";
import { eventsArray, readEventsReply } from "../upstream/eventsReply";
import { MASKED, redactEvents, type Disclosure } from "../upstream/privacy";
import type { Proxy } from "../upstream/upstreamProxy";
import { failure, relay, upstreamErrorMessage } from "../upstream/relay";
import { exporterFor, type Exporter } from "./exporter";
import { exportFileName } from "./fileName";
import { RAW_VALUES_PARAM } from "./params";
import { partnerNames } from "./partnerNames";
import type { ShowContext } from "./shown";
import { FIRST_PAGE, nextCursor, pageQuery, pinnedQuery, unwritten, type Cursor } from "./keyset";

/** Export pages wait behind interactive requests in the key's rate budget. */
const EXPORT_PRIORITY = -10;
/**
 * How long one export request may wait for its turn: longer than a view's 30 s, as the export
 * runs in the background of a download the user chose to wait for, and it holds one place in the
 * queue at a time. Past it, the file ends with the 429's message.
 */
const EXPORT_MAX_WAIT_MS = 60_000;
const encoder = new TextEncoder();

interface Pager {
  proxy: Proxy;
  /** The view's query with its range pinned (./keyset.ts). */
  query: EventsQuery;
  exporter: Exporter;
  disclosure: Disclosure;
  /** Values as the page shows them, or null for raw values. */
  shown: ShowContext | null;
  signal: AbortSignal;
}

/** The platform refused a request: its reply goes to the browser as it is. */
type Refused = { refused: UpstreamReply };
/** A page read: its events not written yet, and where the next page starts (null after the last). */
type Fetched = { events: ReadEvent[]; next: Cursor | null; unreadable: number } | Refused;

function getEvents(pager: Pager, query: EventsQuery): Promise<UpstreamReply> {
  return pager.proxy.send("/events", eventsQueryToParams(query), {
    priority: EXPORT_PRIORITY,
    maxWaitMs: EXPORT_MAX_WAIT_MS,
    signal: pager.signal,
  });
}

/** The ids of the new sales in a page's span: the companion listing of lib/events/saleTypes, paged to its end. */
async function newSaleIds(pager: Pager, sales: readonly ReadEvent[]): Promise<Set<string> | Refused> {
  const ids = new Set<string>();
  for (let page = 1; ; page += 1) {
    const companion = newSalesQuery(pager.query, sales, page);
    if (!companion) return ids;
    const reply = await getEvents(pager, companion);
    if (reply.status !== 200) return { refused: reply };
    const read = readEventsReply(reply.body, "sales");
    for (const event of read.events) if (event.event === "sale") ids.add(event.eventId);
    if (read.received < MAX_LIMIT) return ids;
  }
}

/** What the chosen columns need beyond the events themselves (new or recurring), or a refused companion request. */
async function derivedFor(
  pager: Pager,
  events: readonly ReadEvent[],
): Promise<{ derive?: (event: ReadEvent) => DerivedFields } | Refused> {
  if (pager.query.event !== "sales" || !pager.exporter.needsSaleTypes) return {};
  const fixed = fixedSaleType(pager.query);
  const newIds = fixed ? undefined : await newSaleIds(pager, events);
  if (newIds && "refused" in newIds) return newIds;
  return {
    derive: (event) => (event.event === "sale" ? { saleType: saleTypeFrom(fixed, newIds, event.eventId) } : {}),
  };
}

/** The page at `cursor`, IPs masked unless disclosed. */
async function fetchPage(pager: Pager, cursor: Cursor): Promise<Fetched> {
  const reply = await getEvents(pager, pageQuery(pager.query, cursor));
  if (reply.status !== 200) return { refused: reply };
  const read = readEventsPage(redactEvents(eventsArray(reply.body), pager.disclosure), pager.query.event);
  if (!read)
    throw new GatewayError(
      502,
      "The link platform sent a reply the dashboard cannot read: expected a JSON array of events.",
    );
  return {
    events: unwritten(read.events, cursor),
    next: nextCursor(cursor, read.events, read.received),
    unreadable: read.unreadable,
  };
}

/**
 * The page after this one, requested now: it needs only this page's last event, so the
 * platform works on it while this page is written. Its failure is met when it is awaited.
 */
function readAhead(pager: Pager, cursor: Cursor | null): Promise<Fetched> | null {
  if (cursor === null) return null;
  const page = fetchPage(pager, cursor);
  page.catch(() => {});
  return page;
}

/** A page's CSV lines, with what its columns derive beyond the events (new or recurring). */
async function render(pager: Pager, events: readonly ReadEvent[]): Promise<{ lines: string } | Refused> {
  const derived = await derivedFor(pager, events);
  if ("refused" in derived) return derived;
  return { lines: pager.exporter.rows(events, derived.derive, pager.shown) };
}

function refusedError(refused: UpstreamReply): GatewayError {
  return new GatewayError(
    502,
    upstreamErrorMessage(refused.body) ?? `the link platform answered with status ${refused.status}`,
  );
}

function closeQuietly(controller: ReadableStreamDefaultController<Uint8Array>): void {
  try {
    controller.close();
  } catch {
    // already cancelled by the client
  }
}

/**
 * GET /api/export: every event matching the filters as CSV, paged upstream 1000 at a time by
 * keyset (./keyset.ts: each request costs one page, however deep) through the key's rate budget,
 * the next page requested while one is written, streamed as it comes, IPs masked unless
 * `disclosure` reveals them. Stops paging when the client goes away; a failure after the first
 * page ends the file with `# export failed: <message>`.
 */
export async function exportCsv(proxy: Proxy, request: Request, disclosure: Disclosure = MASKED): Promise<Response> {
  const abort = new AbortController();
  const signal = AbortSignal.any([request.signal, abort.signal]);
  try {
    const params = new URLSearchParams(new URL(request.url).searchParams);
    const requestedColumns = params.get("columns");
    const raw = params.get(RAW_VALUES_PARAM) === "1";
    for (const name of ["columns", "page", "limit", RAW_VALUES_PARAM]) params.delete(name);
    const parsed = parseEventsQuery(params);
    const exporter = exporterFor(parsed.event, requestedColumns);
    const now = new Date();
    const query = pinnedQuery(parsed, now);
    const names =
      !raw && exporter.needsPartnerNames ? await partnerNames(proxy, query, signal) : new Map<string, string>();
    const shown: ShowContext | null = raw ? null : { timeZone: parsed.timezone, nameOf: (_param, id) => names.get(id) };
    const pager: Pager = { proxy, query, exporter, disclosure, shown, signal };

    const first = await fetchPage(pager, FIRST_PAGE);
    if ("refused" in first) return relay(first.refused);
    const firstLines = await render(pager, first.events);
    if ("refused" in firstLines) return relay(firstLines.refused);

    let ahead = readAhead(pager, first.next);
    let skipped = first.unreadable;
    const finish = (controller: ReadableStreamDefaultController<Uint8Array>) => {
      if (skipped > 0)
        controller.enqueue(encoder.encode(`# ${skipped} events could not be read and are not in this file\n`));
      closeQuietly(controller);
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(exporter.header + firstLines.lines));
        if (ahead === null) finish(controller);
      },
      async pull(controller) {
        if (ahead === null) return;
        try {
          const page = await ahead;
          if ("refused" in page) throw refusedError(page.refused);
          ahead = readAhead(pager, page.next);
          const rendered = await render(pager, page.events);
          if ("refused" in rendered) throw refusedError(rendered.refused);
          controller.enqueue(encoder.encode(rendered.lines));
          skipped += page.unreadable;
        } catch (error) {
          ahead = null;
          if (signal.aborted) return closeQuietly(controller);
          abort.abort();
          const message = error instanceof GatewayError ? error.message : "unexpected failure while exporting";
          controller.enqueue(encoder.encode(`# export failed: ${message.replace(/[\r\n]+/g, " ")}\n`));
          return closeQuietly(controller);
        }
        if (ahead === null) finish(controller);
      },
      cancel() {
        abort.abort();
      },
    });
    return new Response(body, {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName(parsed.event, parsed, now)}"`,
        "Cache-Control": NO_STORE,
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    return failure(error);
  }
}
