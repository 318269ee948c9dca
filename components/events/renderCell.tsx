"use client";

import type { ReactNode } from "react";
import type { FilterParam } from "@/lib/contract/dimensions";
import { FILTER_DISPLAY, filterValueFlag, formatFilterValue } from "@/lib/filters/dimensions";
import { Flag } from "@/components/ui/Flag";
import { formatDateTime, isoDateInZone } from "@/lib/format/date";
import { formatMoney } from "@/lib/format/money";
import { withoutProtocol } from "@/lib/format/url";
import type { SaleType } from "@/lib/queries/useSaleTypes";
import type { ReadEvent } from "@/lib/queries/readEvents";
import { CellValue, type CellFilter } from "./CellValue";
import { maskIp } from "@/lib/http/maskIp";
import { SaleTypeBadge } from "./SaleTypeBadge";
import type { TableColumn } from "./tableColumns";

export interface CellContext {
  timeZone: string;
  /** A name for an id the table shows (a partner's), when the page knows it. */
  nameOf: (param: FilterParam, id: string) => string | undefined;
  /** When the page was answered: times in that year are shown without it. */
  answeredAt: number;
  revealIps: boolean;
  saleTypeOf: (event: ReadEvent) => SaleType | undefined;
  onFilter: (filter: CellFilter) => void;
  tabbable: boolean;
}

export function eventValue(param: FilterParam, event: ReadEvent): string | null {
  const found = FILTER_DISPLAY[param].fromEvent?.(event);
  const value = Array.isArray(found) ? found[0] : found;
  return typeof value === "string" && value.length > 0 ? value : null;
}

interface Shown {
  content: ReactNode;
  /** The value in words, for the tooltip and the filter button's name. */
  text: string;
  className?: string;
  align?: "start" | "end";
}

const muted = "text-zinc-500";

function show(column: TableColumn, event: ReadEvent, ctx: CellContext): Shown {
  const raw = column.get(event);
  switch (column.id) {
    case "time": {
      const at = new Date(event.timestamp);
      const year =
        isoDateInZone(at, ctx.timeZone).slice(0, 4) !==
        isoDateInZone(new Date(ctx.answeredAt), ctx.timeZone).slice(0, 4);
      return {
        content: formatDateTime(at, ctx.timeZone, { year, seconds: true }),
        text: `${formatDateTime(at, ctx.timeZone, { year: true, seconds: true })} (${ctx.timeZone})`,
        className: "tabular-nums text-zinc-600",
      };
    }
    case "shortLink":
      return { content: withoutProtocol(raw), text: withoutProtocol(raw), className: "font-medium text-zinc-900" };
    case "destination":
    case "refererUrl":
      return { content: withoutProtocol(raw), text: raw, className: "text-zinc-500" };
    case "ip": {
      const ip = ctx.revealIps ? raw : maskIp(raw);
      return {
        content: ip,
        text: ctx.revealIps ? raw : "IP address hidden",
        className: "font-mono text-xs text-zinc-600",
      };
    }
    case "amount":
      return event.event === "sale"
        ? {
            content: formatMoney(event.sale.amount, event.sale.currency),
            text: formatMoney(event.sale.amount, event.sale.currency),
            className: "font-medium tabular-nums text-zinc-900",
            align: "end",
          }
        : { content: raw, text: raw };
    case "currency":
      return { content: raw.toUpperCase(), text: raw.toUpperCase(), className: "text-zinc-500" };
    case "saleType": {
      const type = ctx.saleTypeOf(event);
      return { content: <SaleTypeBadge type={type} />, text: type ? formatFilterValue("saleType", type) : "" };
    }
    case "linkId":
    case "clickId":
    case "customerId":
    case "eventId":
      return { content: raw, text: raw, className: "font-mono text-xs text-zinc-600" };
    default:
      if (column.id === "partner" && column.filter) {
        const name = ctx.nameOf(column.filter, raw) ?? raw;
        return { content: name, text: name };
      }
      return column.filter ? showDimension(column.filter, raw) : { content: raw, text: raw };
  }
}

/** A value of a dimension as its display entry says: "United States" with its flag, "QR scan". */
function showDimension(param: FilterParam, raw: string): Shown {
  if (raw === "") return { content: raw, text: raw };
  const text = formatFilterValue(param, raw);
  const flag = filterValueFlag(param, raw);
  if (!flag) return { content: text, text };
  return {
    content: (
      <span className="inline-flex items-center gap-1.5">
        <Flag country={flag} />
        {text}
      </span>
    ),
    text,
  };
}

function cellFilter(column: TableColumn, event: ReadEvent, ctx: CellContext, text: string): CellFilter | null {
  if (!column.filter) return null;
  if (column.filter === "saleType") {
    const type = ctx.saleTypeOf(event);
    return type ? { param: "saleType", value: type, display: formatFilterValue("saleType", type) } : null;
  }
  const value = eventValue(column.filter, event);
  return value ? { param: column.filter, value, display: text || value } : null;
}

export function renderCell(column: TableColumn, event: ReadEvent, ctx: CellContext): ReactNode {
  const shown = show(column, event, ctx);
  const empty = shown.text === "" && typeof shown.content === "string";
  return (
    <CellValue
      title={shown.text || undefined}
      filter={cellFilter(column, event, ctx, shown.text)}
      onFilter={ctx.onFilter}
      tabbable={ctx.tabbable}
      align={shown.align}
    >
      {empty ? <span className={muted}>—</span> : <span className={shown.className}>{shown.content}</span>}
    </CellValue>
  );
}
