import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { CommonQuery } from "../contract/query";
import type { ApiScope } from "../scope/apiScope";
import { analyticsQueryKey, paramsForPeriod } from "./analyticsKeys";
import {
  customersPartnersQuery,
  customersReadParams,
  customersReadsKey,
  firstPageHasPartner,
  readCustomersRead,
  type CustomersKind,
  type CustomersRead,
} from "./customersReads";
import { PRIORITY_LEVEL, readAnalyticsReply } from "./fetchAnalytics";
import { PRIORITY } from "./fetchJson";
import { isPlanRefusal, type Load, type Outcome, type StreamedReply } from "./firstScreenReplies";
import type { PlanRefusal } from "../contract/dashboardReplies";

/**
 * The customers report's first read of leads and of sales, sent together (its table needs both),
 * each kept as what the report keeps of it (../analytics/customerPages.ts: a few fields an event,
 * not the platform's 2.7 kB), and the partner names of its first page: asked as soon as the read
 * of leads shows a customer who came through a partner, rather than once the browser has drawn the
 * table. Each goes into `client` under its hook's key once in (so into the HTML when in before it
 * goes: the table is then drawn by the server); a body of null (refused, failed, or no partner to
 * name) is asked for by the browser when a hook wants it; a read the plan refuses is said in the
 * HTML (`refusal`).
 */
export function customersFirstReads(scope: ApiScope, view: CommonQuery, load: Load, client: QueryClient): Tracked[] {
  const read = <R extends CustomersRead>(events: CustomersKind, keep: (reply: unknown) => R) => {
    const params = customersReadParams(view, events, 1);
    const reply = load("events", params, PRIORITY.visible).catch(() => null);
    const body = reply.then((r) => (r === null || isPlanRefusal(r) ? null : keep(r))).catch(() => null);
    const refusal = reply.then((r) => (isPlanRefusal(r) ? r : null));
    return { read: { params, body, queryKey: customersReadsKey(scope, view, events) }, refusal };
  };
  const leads = read("leads", (reply) => readCustomersRead(reply, "leads"));
  const sales = read("sales", (reply) => readCustomersRead(reply, "sales"));
  const names = customersPartnersQuery(view);
  const namesParams = paramsForPeriod(names, "current", 0);
  const namesBody = leads.read.body.then((kept) =>
    kept !== null && firstPageHasPartner(kept)
      ? load("analytics", namesParams, PRIORITY_LEVEL.high).catch(() => null)
      : null,
  );
  return [
    tracked(client, { kind: "customers", events: "leads", ...leads.read }, leads.refusal),
    tracked(client, { kind: "customers", events: "sales", ...sales.read }, sales.refusal),
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

/** What a reply's hook holds under its key: an analytics reply as read, a customers read as the first page of its infinite query. */
function heldAs(reply: StreamedReply, body: unknown): unknown {
  if (reply.kind === "analytics") return readAnalyticsReply(reply.groupBy, body);
  if (reply.kind === "customers") return { pages: [body], pageParams: [1] } satisfies InfiniteData<unknown, number>;
  return body;
}
