import type { DateRange } from "../../contract/dateRange";
import type { EventKind } from "../../contract/dimensions";
import type { ClickDimension } from "./eventTables";
import type { SqlParams } from "./sqlParams";

/**
 * Pre-aggregated events: per kind, the events of each workspace counted per time slot and
 * grouping key, built when the platform is opened (../openPlatform.ts, which says what keeps
 * them exact) into an in-memory database beside the file. An analytics query whose kind has no
 * filter reads the whole slots of its range here and only the partial slots at either end from
 * the events: scanning 700,000 clicks of a workspace costs ~15 ms on one thread, its rollup a
 * few thousand rows.
 */

export interface RollupDef {
  /** Names the table (one per name, every kind in it). Definitions sharing a name share the table. */
  name: string;
  /** Width of a slot in milliseconds: slot `t` holds the events with epoch_ms // slotMs = t. */
  slotMs: number;
  /** The key columns stored, computed on build from the fact key's expressions. */
  columns: readonly string[];
  /** Click columns stored beside the key (not part of it): a query may filter on them. */
  clickColumns: readonly ClickDimension[];
  /** The stored click columns (the key's and `clickColumns`): a query whose every filter tests one of them may read the rollup. */
  filterable: readonly ClickDimension[];
  /** The fact key's expressions over a rollup row `r` (its slot number is `r.t`). */
  exprs: readonly string[];
  /**
   * The link's column its key is (`domain`), through ROLLUP_LINK_DOMAINS: the domain each
   * link's events were rolled up under. Read only for a query filtering on that column alone
   * among the link's, while no link of the workspace has left or joined its values since.
   */
  linkColumn?: "domain";
}

/**
 * The domain each link's events were added to the rollups under (`link_id, domain`), beside
 * them: a link's rows join it when its first events are rolled up, and keep their domain after
 * an edit moves the link, which the reads compare with the links (analyticsFacts.ts).
 */
export const ROLLUP_LINK_DOMAINS = "rollup_link_domains";

export const rollupTable = (schema: string, def: RollupDef): string => `${schema}.${def.name}`;

/** A kind's metrics summed over rollup rows `r`, as the facts name them. */
export const ROLLUP_METRICS: Record<EventKind, string> = {
  clicks: "sum(r.events)::BIGINT AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount",
  leads: "0 AS clicks, sum(r.events)::BIGINT AS leads, 0 AS sales, 0 AS sale_amount",
  sales: "0 AS clicks, 0 AS leads, sum(r.events)::BIGINT AS sales, sum(r.amount)::BIGINT AS sale_amount",
};

/** A range cut at slot boundaries: the whole slots [from, to) and the partial ends outside them. */
export interface RangeSplit {
  head: DateRange | null;
  slots: { from: number; to: number } | null;
  tail: DateRange | null;
}

export function splitRange(range: DateRange, slotMs: number): RangeSplit {
  const start = range.start.getTime();
  const end = range.end.getTime();
  const from = Math.ceil(start / slotMs);
  const to = Math.floor(end / slotMs);
  if (from >= to) return { head: range, slots: null, tail: null };
  const headEnd = from * slotMs;
  const tailStart = to * slotMs;
  return {
    head: start < headEnd ? { start: range.start, end: new Date(headEnd) } : null,
    slots: { from, to },
    tail: tailStart < end ? { start: new Date(tailStart), end: range.end } : null,
  };
}

/**
 * The facts of a kind's whole slots [from, to), read from its rollup, with the columns
 * `<key names>, clicks, leads, sales, sale_amount`, of the rows meeting every one of `conditions`
 * (the query's filters over the rollup's columns `r.<column>`). The kind is written as a literal,
 * like the table it stands for: one of EVENT_KINDS, never a request's text. `edge` names the
 * partial slot of a coarser rollup these slots fill (its slots get parameters of their own).
 */
export function rollupFactsSql(
  schema: string,
  kind: EventKind,
  def: RollupDef,
  names: readonly string[],
  workspaceId: string,
  slots: { from: number; to: number },
  p: SqlParams,
  conditions: readonly string[] = [],
  edge?: string,
): string {
  const bound = edge ? `${edge}_` : "";
  const keys = def.exprs.map((expr, i) => `${expr} AS ${names[i]}, `).join("");
  const groupBy = def.exprs.length > 0 ? ` GROUP BY ${def.exprs.join(", ")}` : "";
  return `SELECT ${keys}${ROLLUP_METRICS[kind]} FROM ${rollupTable(schema, def)} r
WHERE r.kind = '${kind}' AND r.workspace_id = ${p.add("ws", workspaceId)}
  AND r.t >= ${p.add(`${bound}rollup_from`, BigInt(slots.from))} AND r.t < ${p.add(`${bound}rollup_to`, BigInt(slots.to))}${conditions
    .map(
      (c) => `
  AND ${c}`,
    )
    .join("")}${
    groupBy
      ? `
${groupBy.trim()}`
      : ""
  }`;
}
