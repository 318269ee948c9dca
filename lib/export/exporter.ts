import { ApiError } from "../contract/errors";
import type { DerivedFields } from "../events/saleTypes";
import type { EventKind } from "../contract/dimensions";
import type { ReadEvent } from "../contract/readEvents";
import { EVENT_COLUMNS, type EventColumn } from "./columns";
import { csvHeader, csvRows } from "./csv";
import type { ShowContext } from "./shown";

export interface Exporter {
  header: string;
  /** Whether a chosen column shows new or recurring, which costs a companion request per page. */
  needsSaleTypes: boolean;
  /** Whether a chosen column shows partners, whose names the export looks up once. */
  needsPartnerNames: boolean;
  /** CSV lines for a page of events of the exporter's kind (others are skipped): raw values, or as shown with `shown`. */
  rows(events: readonly ReadEvent[], derive?: (event: ReadEvent) => DerivedFields, shown?: ShowContext | null): string;
}

function pick<E>(kind: EventKind, all: readonly EventColumn<E>[], requested: string | null): EventColumn<E>[] {
  const ids = (requested ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) return all.filter((c) => c.default);
  return [...new Set(ids)].map((id) => {
    const column = all.find((c) => c.id === id);
    if (column) return column;
    throw new ApiError(
      "unprocessable_entity",
      `Invalid value for "columns": "${id}" is not a column of ${kind}; expected some of ${all.map((c) => c.id).join(", ")}.`,
    );
  });
}

function build<E extends ReadEvent>(
  kind: EventKind,
  all: readonly EventColumn<E>[],
  requested: string | null,
  is: (e: ReadEvent) => e is E,
): Exporter {
  const columns = pick(kind, all, requested);
  return {
    header: csvHeader(columns),
    needsSaleTypes: columns.some((c) => c.id === "saleType"),
    needsPartnerNames: columns.some((c) => c.id === "partner"),
    rows(events, derive, shown = null) {
      return csvRows(columns, events.filter(is), derive, shown);
    },
  };
}

/** Throws a 422 for an unknown column id before anything is requested upstream. */
export function exporterFor(kind: EventKind, requested: string | null): Exporter {
  switch (kind) {
    case "clicks":
      return build(kind, EVENT_COLUMNS.clicks, requested, (e) => e.event === "click");
    case "leads":
      return build(kind, EVENT_COLUMNS.leads, requested, (e) => e.event === "lead");
    case "sales":
      return build(kind, EVENT_COLUMNS.sales, requested, (e) => e.event === "sale");
  }
}
