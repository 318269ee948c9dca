import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveRange } from "../../contract/dateRange";
import type { EventKind } from "../../contract/dimensions";
import { ApiError } from "../../contract/errors";
import { parseEventsQuery } from "../../contract/query";
import type { Db } from "./db";
import { EventSpans } from "./eventSpans";
import { listEvents } from "./eventsQuery";
import { MAX_PAGE_DEPTH } from "./pageDepth";
import type { EventSpan } from "./pageWindow";
import type { Store } from "./store";
import { createFixture, NOW, type Fixture } from "./testFixture";

/**
 * Deep pages: past the workspace's last event a page is empty at once, without a statement that
 * sorts the range; short of it, a page reaching past MAX_PAGE_DEPTH events is refused with advice.
 */

let fx: Fixture;
beforeAll(async () => {
  fx = await createFixture();
});
afterAll(() => fx?.close());

/** Spans as a workspace with `count` events of every kind would have (the fixture holds a handful). */
class SpansOf extends EventSpans {
  constructor(private readonly count: number) {
    super();
  }

  override of(_db: Db, _workspaceId: string, _kind: EventKind): Promise<EventSpan> {
    return Promise.resolve({ count: this.count, first: new Date("2025-01-01T00:00:00Z"), last: NOW });
  }
}

/** Lists through a store that records its statements. */
async function listing(qs: string, spans: EventSpans = fx.store.spans) {
  const statements: string[] = [];
  const store: Store = {
    ...fx.store,
    spans,
    db: { all: (sql, params, signal) => (statements.push(sql), fx.store.db.all(sql, params, signal)) },
  };
  const query = parseEventsQuery(new URLSearchParams(qs));
  const range = resolveRange(query, NOW, new Date("2025-01-01T00:00:00Z"));
  const events = await listEvents(store, query, { workspaceId: "ws_acme", range });
  return { events, statements };
}

async function refusal(qs: string, spans: EventSpans): Promise<ApiError> {
  try {
    await listing(qs, spans);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error(`expected ${qs} to be refused`);
}

describe("a page past the workspace's last event", () => {
  it("is empty at once: no statement sorts the range (the span, once read, is kept)", async () => {
    await listing("interval=all");
    const { events, statements } = await listing("interval=all&page=1000000&limit=1000");
    expect(events).toEqual([]);
    expect(statements).toEqual([]);
  });

  it("of every kind, whatever the filters", async () => {
    for (const event of ["clicks", "leads", "sales"]) {
      await listing(`event=${event}&interval=all`);
      expect(await listing(`event=${event}&interval=all&country=US&page=7&limit=1`)).toEqual({
        events: [],
        statements: [],
      });
    }
  });
});

describe(`a page reaching past ${MAX_PAGE_DEPTH} events`, () => {
  const big = new SpansOf(10_000_000);

  it("is refused with the spec's 422, naming the bound and how to read further", async () => {
    const err = await refusal("interval=all&page=101&limit=1000", big);
    expect(err).toMatchObject({ code: "unprocessable_entity", status: 422 });
    expect(err.message).toBe(
      `Invalid value for "page": a page may reach at most ${MAX_PAGE_DEPTH} events into the range (page × limit), and page 101 × limit 1000 is 101000. ` +
        "To read further, narrow the range instead: set end to the timestamp of the last event you have (or start, with sortOrder=asc) and ask for page 1.",
    );
    expect((await refusal("interval=all&page=1001&limit=100", big)).code).toBe("unprocessable_entity");
    // Just past the bound, and the workspace has events there.
    expect((await refusal("interval=all&page=1002", new SpansOf(MAX_PAGE_DEPTH + 1000))).code).toBe(
      "unprocessable_entity",
    );
  });

  it("up to the bound, pages are served", async () => {
    expect((await listing("interval=all&page=100&limit=1000", big)).events).toEqual([]);
    expect((await listing("interval=all&page=1000&limit=100", big)).statements.length).toBeGreaterThan(0);
  });
});
