import "server-only";
import { analyticsQueryToParams } from "../contract/analytics";
import * as z from "../contract/zod";
import type { EventsQuery } from "../contract/query";
import type { Proxy } from "../upstream/upstreamProxy";

const partnerRow = z.looseObject({ partnerId: z.string(), partner: z.looseObject({ name: z.string() }) });

/** Export requests wait behind interactive ones in the key's budget. */
const PRIORITY = -10;

/**
 * The names of the partners of an export's view: one `top_partners` grouping over the same kind,
 * filters and range. An export whose names cannot be read (a refusal, an odd reply) keeps the ids.
 */
export async function partnerNames(
  proxy: Proxy,
  query: EventsQuery,
  signal: AbortSignal,
): Promise<Map<string, string>> {
  const { event, interval, start, end, timezone, filters, metadata } = query;
  const params = analyticsQueryToParams({
    event,
    groupBy: "top_partners",
    interval,
    start,
    end,
    timezone,
    filters,
    metadata,
  });
  const reply = await proxy.send("/analytics", params, { priority: PRIORITY, signal });
  if (reply.status !== 200) return new Map();
  let rows: unknown;
  try {
    rows = JSON.parse(reply.body);
  } catch {
    return new Map();
  }
  if (!Array.isArray(rows)) return new Map();
  const names = new Map<string, string>();
  for (const row of rows) {
    // One row at a time, leniently: the hosted platform's rows carry more than these fields.
    const parsed = partnerRow.safeParse(row);
    if (parsed.success) names.set(parsed.data.partnerId, parsed.data.partner.name);
  }
  return names;
}
