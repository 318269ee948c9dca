"use client";

import { useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from "react";
import type { FilterClause } from "@/lib/contract/query";
import type { FilterParam } from "@/lib/contract/dimensions";
import { rowState } from "@/lib/analytics/rowFilter";
import { describeChange } from "@/lib/analytics/change";
import { countryName } from "@/lib/format/country";
import { formatPercent } from "@/lib/format/number";
import { filterDef } from "@/lib/filters/dimensions";
import { Flag } from "@/components/ui/Flag";
import { METRIC_STYLES, type Metric } from "../../metrics";
import { rowFilterActions, type OnFilter, type RowComparison } from "../BreakdownList";
import type { BreakdownItem } from "../items";
import { binLabel, binOf, colorBins, type ColorBin } from "./colorBins";
import { worldShapes, type CountryShape } from "./worldShapes";

interface Props {
  /** The card's countries in its order (largest first), the ones the view excludes left out. */
  items: readonly BreakdownItem[];
  /** What shares are of: the card's total (cardShares). */
  total: number;
  metric: Metric;
  param: FilterParam;
  clause: FilterClause | undefined;
  onFilter: OnFilter;
  idPrefix: string;
  /** The tab's name: "Countries". */
  label: string;
  comparison?: RowComparison | null;
}

/** The sequential scale's hue for each metric: the hue of its bars and lines (METRIC_STYLES). */
const MAP_HUE: { readonly [M in Metric]: "blue" | "violet" | "emerald" } = {
  clicks: "blue",
  leads: "violet",
  sales: "emerald",
  saleAmount: "emerald",
};

/** Shown beside the map when more countries than this are too small for it; the rest are in the list and table views. */
const OFF_MAP_SHOWN = 6;

const fillOf = (metric: Metric, bin: ColorBin | null) =>
  bin ? `var(--ll-map-${MAP_HUE[metric]}-${bin.step})` : "var(--ll-map-none)";

/** Where the tooltip sits, in % of the map, turned to stay inside it. */
function tooltipPlacement(shape: CountryShape, width: number, height: number) {
  const x = (shape.anchor[0] / width) * 100;
  const y = (shape.anchor[1] / height) * 100;
  const shiftX = x < 20 ? "0%" : x > 80 ? "-100%" : "-50%";
  const below = y < 25;
  return {
    left: `${x}%`,
    top: `${y}%`,
    transform: `translate(${shiftX}, ${below ? "12px" : "calc(-100% - 12px)"})`,
  };
}

/**
 * The card's countries as a choropleth: darker is more of the card's metric, grey is none. A
 * country with a value is a button like its row in the list: click (or Enter) filters by it,
 * Alt-click excludes it; hovering or focusing it shows its name and figures. One Tab stop: the
 * arrow keys move between the countries with a value, largest first. A visually hidden table
 * holds the same figures (each country's description), for every country the map cannot show too.
 */
export function CountryMap({ items, total, metric, param, clause, onFilter, idPrefix, label, comparison }: Props) {
  const world = worldShapes();
  const style = METRIC_STYLES[metric];
  const canExclude = filterDef(param).multi;
  const [pointed, setPointed] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [tabStop, setTabStop] = useState<string | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);

  const itemOf = useMemo(() => new Map(items.filter((item) => item.value).map((item) => [item.value, item])), [items]);
  const bins = useMemo(() => colorBins(items.map((item) => item.metrics[metric])), [items, metric]);
  const shapeOf = useMemo(() => new Map(world.countries.map((shape) => [shape.country, shape])), [world]);
  // The countries with a value that the map draws, in the card's order: the arrow keys' order.
  const onMap = useMemo(() => items.filter((item) => item.value && shapeOf.has(item.value)), [items, shapeOf]);
  const offMap = items.filter((item) => item.value && !shapeOf.has(item.value));
  const selected = onMap.find((item) => rowState(clause, item.value) === "included");
  const tabStopCountry =
    tabStop && itemOf.has(tabStop) && shapeOf.has(tabStop) ? tabStop : (selected?.value ?? onMap[0]?.value);

  const figuresId = (country: string) => `${idPrefix}-map-${country}`;
  const titleId = `${idPrefix}-map-title`;
  const descriptionId = `${idPrefix}-map-description`;
  const measure = style.noun;

  const activate = (item: BreakdownItem, exclude: boolean) => {
    const filter = rowFilterActions(param, clause, onFilter, item.value);
    if (exclude && canExclude) filter.exclude();
    else filter.include();
  };

  const moveFocus = (event: KeyboardEvent<SVGPathElement>, item: BreakdownItem) => {
    const index = onMap.indexOf(item);
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? onMap[Math.min(index + 1, onMap.length - 1)]
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? onMap[Math.max(index - 1, 0)]
          : event.key === "Home"
            ? onMap[0]
            : event.key === "End"
              ? onMap[onMap.length - 1]
              : null;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate(item, false);
    } else if (next) {
      event.preventDefault();
      setTabStop(next.value);
      svgRef.current?.querySelector<SVGPathElement>(`path[role="button"][data-country="${next.value}"]`)?.focus();
    }
  };

  const countries = world.countries.map((shape) => {
    const item = itemOf.get(shape.country);
    const fill = fillOf(metric, item ? binOf(bins, item.metrics[metric]) : null);
    if (!item)
      return <path key={shape.country} d={shape.path} fill={fill} data-country={shape.country} aria-hidden="true" />;
    return (
      <path
        key={shape.country}
        d={shape.path}
        fill={fill}
        data-country={shape.country}
        role="button"
        tabIndex={shape.country === tabStopCountry ? 0 : -1}
        aria-label={`Filter by country ${item.label}`}
        aria-pressed={rowState(clause, item.value) === "included"}
        aria-describedby={figuresId(shape.country)}
        className="cursor-pointer outline-none"
        onClick={(event: MouseEvent<SVGPathElement>) => activate(item, event.altKey)}
        onKeyDown={(event) => moveFocus(event, item)}
      />
    );
  });

  // Hover and focus are read once for all countries, from the shape's data-country.
  const countryAt = (event: MouseEvent<SVGGElement> | FocusEvent<SVGGElement>) =>
    (event.target as Element).getAttribute("data-country");

  const highlighted = pointed ?? focused;
  const highlightedShape = highlighted ? shapeOf.get(highlighted) : undefined;
  const highlightedItem = highlighted ? itemOf.get(highlighted) : undefined;
  const selectedShapes = onMap
    .filter((item) => rowState(clause, item.value) === "included")
    .map((item) => shapeOf.get(item.value)!);

  const figuresText = (item: BreakdownItem) => {
    const value = item.metrics[metric];
    const share = total > 0 ? `, ${formatPercent(value / total)} of all ${style.noun}` : "";
    const change = comparison?.changes?.get(item);
    const changed = change ? `, ${describeChange(value, change.before).text} against ${comparison?.against}` : "";
    return `${style.label} ${style.format(value)}${share}${changed}`;
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="relative">
        <svg
          ref={svgRef}
          viewBox={`0 0 ${world.width} ${world.height}`}
          role="group"
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          className="block h-auto w-full"
        >
          <title id={titleId}>{`Map of ${label.toLowerCase()} by ${measure}`}</title>
          <desc id={descriptionId}>
            {`Darker countries have more ${measure}; grey ones none. Arrow keys move between the countries with ${measure}, largest first; Enter filters by the one in focus.`}
          </desc>
          <g
            stroke="var(--ll-map-border)"
            strokeWidth={0.5}
            strokeLinejoin="round"
            onMouseOver={(event) => setPointed(countryAt(event))}
            onMouseLeave={() => setPointed(null)}
            onFocus={(event) => setFocused(countryAt(event))}
            onBlur={() => setFocused(null)}
          >
            {countries}
          </g>
          <g aria-hidden="true" fill="none" pointerEvents="none" strokeLinejoin="round">
            {selectedShapes.map((shape) => (
              <path key={shape.country} d={shape.path} stroke="var(--ll-map-selected)" strokeWidth={2} />
            ))}
            {highlightedShape && (
              <>
                <path d={highlightedShape.path} stroke="var(--ll-map-border)" strokeWidth={3} />
                <path d={highlightedShape.path} stroke="var(--ll-map-focus)" strokeWidth={1.5} />
              </>
            )}
          </g>
        </svg>
        {highlightedShape && (
          <div
            aria-hidden="true"
            data-map-tooltip
            className="pointer-events-none absolute z-10 w-max max-w-56 rounded-md border border-zinc-200 bg-white px-2.5 py-1.5 text-xs text-zinc-700 shadow-md"
            style={tooltipPlacement(highlightedShape, world.width, world.height)}
          >
            <p className="flex items-center gap-1.5 font-medium text-zinc-900">
              <Flag country={highlightedShape.country} />
              {highlightedItem?.label ?? shapeName(highlightedShape)}
            </p>
            <p className="tabular-nums">
              {highlightedItem
                ? figuresText(highlightedItem)
                : rowState(clause, highlightedShape.country) === "excluded"
                  ? "Excluded by the filter"
                  : `No ${measure}`}
            </p>
          </div>
        )}
      </div>

      <MapLegend bins={bins} metric={metric} measure={measure} />

      {offMap.length > 0 && (
        <div className="flex flex-wrap items-center gap-1.5 text-xs text-zinc-600">
          <span>Too small for the map:</span>
          {offMap.slice(0, OFF_MAP_SHOWN).map((item) => (
            <button
              key={item.value}
              type="button"
              aria-pressed={rowState(clause, item.value) === "included"}
              aria-describedby={figuresId(item.value)}
              onClick={(event) => activate(item, event.altKey)}
              className={`inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-zinc-700 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-500 ${
                rowState(clause, item.value) === "included" ? "border-zinc-900" : "border-zinc-200"
              }`}
            >
              <Flag country={item.value} />
              {/* Named by what it shows (label in name), the action read first. */}
              <span className="sr-only">Filter by country </span>
              {item.label} <span className="tabular-nums text-zinc-600">{style.formatShort(item.metrics[metric])}</span>
            </button>
          ))}
          {offMap.length > OFF_MAP_SHOWN && <span>{`and ${offMap.length - OFF_MAP_SHOWN} more in the list`}</span>}
        </div>
      )}

      <table className="sr-only">
        <caption>{`${label} by ${measure}: the map's figures`}</caption>
        <thead>
          <tr>
            <th scope="col">Country</th>
            <th scope="col">Figures</th>
          </tr>
        </thead>
        <tbody>
          {items
            .filter((item) => item.value)
            .map((item) => (
              <tr key={item.value}>
                <th scope="row">{item.label}</th>
                <td id={figuresId(item.value)}>{figuresText(item)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}

/** A country's name as the rest of the page writes it; Natural Earth's where the runtime has none. */
function shapeName(shape: CountryShape): string {
  const name = countryName(shape.country);
  return name === shape.country ? shape.name : name;
}

/** The colour scale: each bin's swatch and range, then the colour of no value. */
function MapLegend({ bins, metric, measure }: { bins: readonly ColorBin[]; metric: Metric; measure: string }) {
  const style = METRIC_STYLES[metric];
  // Money in short form ("$1.2K"): bounds have two significant digits, so nothing is lost.
  const format = metric === "saleAmount" ? style.formatShort : style.format;
  return (
    <ul aria-label={`Legend: ${style.label}`} className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-600">
      {bins.map((bin) => (
        <li key={bin.from} className="flex items-center gap-1.5 tabular-nums">
          <span
            aria-hidden="true"
            className="size-3 shrink-0 rounded-sm ring-1 ring-black/10"
            style={{ background: fillOf(metric, bin) }}
          />
          {binLabel(bin, format, metric !== "saleAmount")}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="size-3 shrink-0 rounded-sm ring-1 ring-black/10"
          style={{ background: fillOf(metric, null) }}
        />
        {`No ${measure}`}
      </li>
    </ul>
  );
}
