import type { EventKind, FilterParam } from "@/lib/contract/dimensions";
import { EVENT_COLUMNS, type ColumnId, type EventColumn } from "@/lib/export/columns";
import type { ReadEvent } from "@/lib/queries/readEvents";

/** A column of the events table: the export's column (same id, label, default, value) plus what only the screen needs. */
export interface TableColumn {
  readonly id: ColumnId;
  readonly label: string;
  readonly default: boolean;
  readonly width: number;
  /** The filter a value of this column can be added to. */
  readonly filter?: FilterParam;
  readonly get: (event: ReadEvent) => string;
}

/** Preferred widths in px; the table scales them to fill its box down to MIN_SCALE of their sum. */
const WIDTHS: Record<ColumnId, number> = {
  time: 172,
  shortLink: 164,
  destination: 196,
  country: 164,
  city: 124,
  region: 96,
  continent: 128,
  device: 96,
  browser: 108,
  os: 104,
  trigger: 100,
  referer: 128,
  refererUrl: 220,
  ip: 150,
  linkId: 190,
  partner: 160,
  clickId: 190,
  eventName: 184,
  customerName: 150,
  customerEmail: 216,
  customerId: 190,
  amount: 124,
  currency: 88,
  saleType: 112,
  invoice: 150,
  paymentProcessor: 140,
  eventId: 190,
};

function fromExport(column: EventColumn<ReadEvent>): TableColumn {
  return {
    id: column.id,
    label: column.label,
    default: column.default,
    width: WIDTHS[column.id],
    filter: column.dimension,
    get: column.get,
  };
}

function build(kind: EventKind): readonly TableColumn[] {
  // Each kind's getters read that kind's events; the table only ever gives them rows of its kind
  // (readEventsPage drops other kinds), which is what makes this widening safe.
  return (EVENT_COLUMNS[kind] as readonly EventColumn<ReadEvent>[]).map(fromExport);
}

export const TABLE_COLUMNS: Record<EventKind, readonly TableColumn[]> = {
  clicks: build("clicks"),
  leads: build("leads"),
  sales: build("sales"),
};
