import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { CommonQuery } from "../contract/query";
import type { ApiScope } from "../scope/apiScope";
import { analyticsQueryKey, paramsForPeriod } from "./analyticsKeys";
import {
  customersPartnersQuery,
  customersReadParams,
  customersReadsKey,
  firstPageHasPartner,
  FIRST_PAGE_READS,
  nextRead,
  readCustomersRead,
  type CustomersKind,
  type CustomersRead,
} from "./customersReads";
import { PRIORITY_LEVEL, readAnalyticsReply } from "./fetchAnalytics";
import { PRIORITY } from "./fetchJson";
import { isPlanRefusal, type Load, type Outcome, type StreamedReply } from "./firstScreenReplies";
import type { PlanRefusal } from "../contract/dashboardReplies";
import { customersPage, type LeadFacts, type SaleFacts } from "../analytics/customerPages";

/**
 * The customers report's first reads of leads and of sales, sent together (its table needs both),
 * each kept as what the report keeps of it (../analytics/customerPages.ts: a few fields an event,
 * not the platform's 2.7 kB), then as many further reads as the table's first page still needs
 * (customersPage says: a view selling more since its first page's leads than one read holds), each
 * asked as soon as the one before it shows it is needed, so the page's HTML holds the whole first
 * page, not a part of it for the browser to read on from once hydrated; and the partner names of
 * its first page: asked as soon as the read of leads shows a customer who came through a partner,
 * rather than once the browser has drawn the table. Each goes into `client` under its hook's key
 * once in (so into the HTML when in before it goes: the table is then drawn by the server); a body
 * of null (refused, failed, or no partner to name) is asked for by the browser when a hook wants
 * it; a read the plan refuses is said in the HTML (`refusal`).
 */
export function customersFirstReads(scope: ApiScope, view: CommonQuery, load: Load, client: QueryClient): Tracked[] {
  const read = async <R extends CustomersRead>(
    events: CustomersKind,
    keep: (reply: unknown) => R,
  ): Promise<ReadOrNot<R>> => {
    const reply = await load("events", customersReadParams(view, events, 1), PRIORITY.visible).catch(() => null);
    if (reply === null || isPlanRefusal(reply)) return reply;
    try {
      return keep(reply);
    } catch {
      // Not the contract's shape: the browser asks again and says so.
      return null;
    }
  };
  const first = {
    leads: read("leads", (reply) => readCustomersRead(reply, "leads")),
    sales: read("sales", (reply) => readCustomersRead(reply, "sales")),
  };
  const pages: Promise<FirstPageReads | null> = readOn(view, load, first);
  const refusal = (events: CustomersKind) => first[events].then((r) => (isPlanRefusal(r) ? r : null));
  const held = (events: CustomersKind): Extract<StreamedReply, { kind: "customers" }> => ({
    kind: "customers",
    events,
    params: customersReadParams(view, events, 1),
    queryKey: customersReadsKey(scope, view, events),
    body: pages.then((read) => (read === null ? null : kindOf(read, events))),
  });
  const names = customersPartnersQuery(view);
  const namesParams = paramsForPeriod(names, "current", 0);
  const firstLeads = first.leads.then((r) => (r === null || isPlanRefusal(r) ? null : r));
  const namesBody = firstLeads.then((kept) =>
    kept !== null && firstPageHasPartner(kept)
      ? load("analytics", namesParams, PRIORITY_LEVEL.high).catch(() => null)
      : null,
  );
  return [
    tracked(client, held("leads"), refusal("leads")),
    tracked(client, held("sales"), refusal("sales")),
    tracked(client, {
      kind: "analytics",
      queryKey: analyticsQueryKey(scope, names),
      groupBy: names.groupBy,
      params: namesParams,
      priority: "high",
      body: namesBody,
    }),
  ];
}

/**
 * Both kinds' reads for the table's first page: the first ones, then one more of a kind at a time
 * while customersPage asks for it (each depends on the one before: whether it is needed, and which
 * page it is). Null when a first read is missing or refused; a further read that fails stops there
 * (the HTML holds the reads made, the browser reads on).
 */
async function readOn(
  view: CommonQuery,
  load: Load,
  first: { leads: Promise<ReadOrNot<CustomersRead<LeadFacts>>>; sales: Promise<ReadOrNot<CustomersRead<SaleFacts>>> },
): Promise<FirstPageReads | null> {
  const [leads, sales] = await Promise.all([first.leads, first.sales]);
  if (leads === null || sales === null || isPlanRefusal(leads) || isPlanRefusal(sales)) return null;
  const read: FirstPageReads = { leads: [leads], sales: [sales] };
  const soFar = <E extends LeadFacts | SaleFacts>(kind: CustomersKind, pages: CustomersRead<E>[]) => ({
    events: pages.flatMap((p) => p.events),
    done: nextRead(kind, pages[pages.length - 1], pages) === undefined,
  });
  for (;;) {
    const wanted = customersPage(1, soFar("leads", read.leads), soFar("sales", read.sales));
    const kind: CustomersKind | null = wanted.readLeads ? "leads" : wanted.readSales ? "sales" : null;
    if (kind === null || read[kind].length >= FIRST_PAGE_READS) break;
    const reply = await load("events", customersReadParams(view, kind, read[kind].length + 1), PRIORITY.visible).catch(
      () => null,
    );
    if (reply === null || isPlanRefusal(reply)) break;
    try {
      if (kind === "leads") read.leads.push(readCustomersRead(reply, "leads"));
      else read.sales.push(readCustomersRead(reply, "sales"));
    } catch {
      break;
    }
  }
  return read;
}

type ReadOrNot<R> = R | PlanRefusal | null;

const kindOf = (read: FirstPageReads, kind: CustomersKind): CustomersRead[] =>
  kind === "leads" ? read.leads : read.sales;

interface FirstPageReads {
  leads: CustomersRead<LeadFacts>[];
  sales: CustomersRead<SaleFacts>[];
}

/** A reply of the report's and where it stands: "answered" once in `client`, "refused" by the plan, "missing" once its body came back null (or not in the contract's shape). */
export interface Tracked {
  reply: StreamedReply;
  outcome: Outcome;
  refusal: PlanRefusal | null;
  /** Settles once the reply is in `client` (or known to be refused or missing). */
  done: Promise<void>;
}

function tracked(
  client: QueryClient,
  reply: StreamedReply,
  refusal: Promise<PlanRefusal | null> = Promise.resolve(null),
): Tracked {
  const entry: Tracked = {
    reply,
    outcome: "waiting",
    refusal: null,
    done: Promise.all([reply.body as Promise<unknown>, refusal]).then(([body, refused]) => {
      entry.refusal = refused;
      entry.outcome = refused ? "refused" : "missing";
      if (body === null) return;
      try {
        client.setQueryData(reply.queryKey, heldAs(reply, body));
        entry.outcome = "answered";
      } catch {
        // Not the contract's shape: the browser asks again and says so.
      }
    }),
  };
  return entry;
}

/** What a reply's hook holds under its key: an analytics reply as read, a kind's customers reads as the pages of its infinite query. */
function heldAs(reply: StreamedReply, body: unknown): unknown {
  if (reply.kind === "analytics") return readAnalyticsReply(reply.groupBy, body);
  if (reply.kind === "customers" && Array.isArray(body))
    return { pages: body, pageParams: body.map((_, i) => i + 1) } satisfies InfiniteData<unknown, number>;
  return body;
}
