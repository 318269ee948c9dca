import type { DateRange } from "../../contract/dateRange";
import type { EventKind } from "../../contract/dimensions";

/** What a request reads: the workspace of its key and the resolved range. */
export interface ListScope {
  workspaceId: string;
  range: DateRange;
}

/**
 * One kind's events over a range. `edge` names a partial slot at either end of a range whose
 * whole slots come from the rollups (`head`, `tail`; an edge's own edge, read through a finer
 * rollup: `head_tail`, …): its bounds get their own parameter names.
 */
export interface EventScope extends ListScope {
  kind: EventKind;
  edge?: string;
}
