import type { EventKind } from "../../contract/dimensions";
import type { RollupDef } from "./analyticsRollup";
import type { ClickDimension } from "./eventTables";
import { SLOT_MS, slotOf } from "./slots";

/** What the facts of an analytics query are counted by (see analyticsFacts). */
export interface FactKey {
  names: readonly string[];
  /** Expressions over `e`, the event. */
  exprs(kind: EventKind): readonly string[];
  /**
   * Where the key's counts are kept pre-aggregated, if they are: first the key alone, then the key
   * beside click columns a query may filter on (analyticsFacts picks the first that answers it).
   */
  rollups: readonly RollupDef[];
}

/**
 * A key's rollups: the key alone, then one per click column in `filterBy`, that column kept
 * beside the key. A rollup answers the queries whose every filter tests one of its click columns
 * (`keyClickColumns`, the key's own, or its extra one); each costs a scan of the events at open.
 */
function rollupsOf(
  name: string,
  slotMs: number,
  columns: readonly string[],
  exprs: readonly string[],
  keyClickColumns: readonly ClickDimension[],
  filterBy: readonly ClickDimension[],
): RollupDef[] {
  const base: RollupDef = { name, slotMs, columns, clickColumns: [], filterable: keyClickColumns, exprs };
  return [
    base,
    ...filterBy.map((column) => ({
      ...base,
      name: `${name}__${column}`,
      clickColumns: [column],
      filterable: [...keyClickColumns, column],
    })),
  ];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Weekly slots (from the epoch, a Thursday): a year's range reads 52 of them and at most six whole days at either end. */
const WEEK_MS = 7 * DAY_MS;

/**
 * The click columns of few values, kept together per UTC day in one rollup (the "day cube"): it
 * answers any mix of filters on them (two, three, exclusions) for the keys made of them, the slot
 * and no key. The device's browser and OS follow its kind and the continent its country, so a
 * workspace's day holds at most a few thousand of their combinations, whatever its clicks: at 10M
 * clicks a year, about a tenth of the events' rows; at 100M, about a hundredth. Columns of many
 * values (city, referer, url, the link) would make it as large as the events.
 */
export const CUBE_COLUMNS: readonly ClickDimension[] = ["country", "continent", "device", "browser", "os", "trigger"];

/** The day cube, read by a key through `exprs` (over its row `r`). Every key's cube is the one table. */
const dayCube = (exprs: readonly string[]): RollupDef => ({
  name: "day__cube",
  slotMs: DAY_MS,
  columns: [],
  clickColumns: CUBE_COLUMNS,
  filterable: CUBE_COLUMNS,
  exprs,
});

/**
 * The cube's columns per week, beside a key's own `columns` if it has any (the key stored, as a
 * breakdown by links or referers needs it). Several filters over a year read its whole weeks,
 * then the partial weeks at either end from the day cube (a key of its columns) or the events
 * (any other key), as analyticsFacts descends to finer slots. Without a key it holds about a
 * third of the day cube's rows; beside a link or a referer a fifth to a tenth of the events at
 * 2M clicks a year, less as clicks grow (a week's combinations are bounded, its clicks are not).
 */
const weekCube = (
  columns: readonly string[],
  exprs: readonly string[],
  keyClickColumns: readonly ClickDimension[],
): RollupDef => ({
  name: columns.length === 0 ? "week__cube" : `${columns.join("_")}__week_cube`,
  slotMs: WEEK_MS,
  columns,
  clickColumns: CUBE_COLUMNS.filter((column) => !keyClickColumns.includes(column)),
  filterable: [...new Set([...keyClickColumns, ...CUBE_COLUMNS])],
  exprs,
});

/** Keys of many values with a rollup per day and a week cube of their own (dimensionSql.ts: referers, URLs, regions, cities). */
const WIDE_CLICK_KEYS: readonly (readonly ClickDimension[])[] = [
  ["referer"],
  ["referer_url"],
  ["url"],
  ["country", "region"],
  ["country", "region", "city"],
];

/** The link's rollups per day: alone and beside the trigger and the referer. */
const linkDayRollups = (): RollupDef[] => dayRollups(["link_id"], [], ["trigger", "referer"]);

/**
 * The link per week beside the country and the device alone, the dashboard's commonest pair of
 * filters (a link's attributes with either, or both): the continent follows the country, so it
 * adds no rows. Without the browser, the OS and the trigger it holds about half of the link's
 * week cube's rows (1.35M against 2.70M at 10M clicks, docs/benchmarks.md), which a query
 * filtering on those alone reads instead.
 */
const linkCountryDeviceWeek = (): RollupDef => ({
  name: "link_id__week_country_device",
  slotMs: WEEK_MS,
  columns: ["link_id"],
  clickColumns: ["country", "continent", "device"],
  filterable: ["country", "continent", "device"],
  exprs: ["r.link_id"],
});

/**
 * The link's domain per week beside the country and the device (the continent follows the
 * country): a domain's clicks by country or device, filtered on those or not, read a row per
 * domain, week, country and device instead of one per link (0.12M rows at 10M clicks a year
 * against the link's 1.35M). Its domain is the one each link's events were rolled up under
 * (ROLLUP_LINK_DOMAINS): a read checks that no link of the workspace has moved in or out of the
 * queried domains since, else it reads the link's rollups (analyticsFacts.ts).
 */
const domainCountryDeviceWeek = (): RollupDef => ({
  ...linkCountryDeviceWeek(),
  name: "domain__week_country_device",
  columns: ["domain"],
  exprs: ["r.domain"],
  linkColumn: "domain",
});

/** The link's rollups per week, the smaller first: beside the country and device, then beside the cube's columns. */
const linkWeekRollups = (): RollupDef[] => [linkCountryDeviceWeek(), weekCube(["link_id"], ["r.link_id"], [])];

/** The link's rollups: per day, alone and beside the trigger and the referer; per week beside the country and device, then the cube's columns. */
function linkRollups(): RollupDef[] {
  return [...linkDayRollups(), ...linkWeekRollups()];
}

/**
 * The rollups of keys of many values (the link's among them), which other keys read too: each is
 * built by its own key (analyticsRollupBuild.ts), and stores that key beside the day or the week,
 * so a filter on it (a referer, a URL, a city; a link's attributes, through the link ids) is
 * answered there rather than from a year of events, by any key whose columns it also stores
 * (the slot, the cube's columns). Days first, the link's last: the first that stores every
 * filtered column answers (analyticsFacts.ts), and those are the smaller.
 */
function wideRollups(): RollupDef[] {
  const day = WIDE_CLICK_KEYS.map((columns) => dayRollups(columns, columns, [])[0]);
  const week = WIDE_CLICK_KEYS.map((columns) =>
    weekCube(
      columns,
      columns.map((c) => `r.${c}`),
      columns,
    ),
  );
  return [...day, ...week, domainCountryDeviceWeek(), ...linkDayRollups(), ...linkWeekRollups()];
}

/**
 * The wide rollups a key of `keyColumns` may read besides its `own`: those storing its columns,
 * read through `exprs` (the key's expressions over their row `r`).
 */
function borrowed(
  keyColumns: readonly string[],
  own: readonly RollupDef[],
  exprs: (def: RollupDef) => readonly string[],
): RollupDef[] {
  const ownNames = new Set(own.map((def) => def.name));
  return wideRollups()
    .filter(
      (def) =>
        !ownNames.has(def.name) &&
        keyColumns.every((column) => def.columns.includes(column) || def.clickColumns.some((c) => c === column)),
    )
    .map((def) => ({ ...def, exprs: exprs(def) }));
}

/**
 * Events per slot: read for timeseries (by slot) and counts (summed). Beside the click's country,
 * the dashboard's most common filter, they are kept per UTC day and per UTC hour: a timeseries
 * reads one only when every bucket boundary of its zone falls on one of its slots (analyticsFacts
 * asks), a count always; then the day cube, for several filters. `exprs(slotMs)`: the key over a
 * rollup row of slots that wide.
 */
function slotRollups(exprs: (slotMs: number) => readonly string[]): RollupDef[] {
  const base: RollupDef = {
    name: "slot",
    slotMs: SLOT_MS,
    columns: [],
    clickColumns: [],
    filterable: [],
    exprs: exprs(SLOT_MS),
  };
  const byCountry = (name: string, slotMs: number): RollupDef => ({
    ...base,
    name,
    slotMs,
    clickColumns: ["country"],
    filterable: ["country"],
    exprs: exprs(slotMs),
  });
  const own = [
    base,
    byCountry("day__country", DAY_MS),
    byCountry("hour__country", HOUR_MS),
    weekCube([], exprs(WEEK_MS), []),
    dayCube(exprs(DAY_MS)),
  ];
  return [...own, ...borrowed([], own, (def) => exprs(def.slotMs))];
}

/** groupBy=count: no key, every fact summed. */
export const NO_KEY: FactKey = { names: [], exprs: () => [], rollups: slotRollups(() => []) };

/** groupBy=timeseries: the slot, joined to the buckets afterwards; a wider slot as its first 15-minute slot. */
export const SLOT_KEY: FactKey = {
  names: ["slot"],
  exprs: () => [slotOf("e.timestamp")],
  rollups: slotRollups((slotMs) => [slotMs === SLOT_MS ? "r.t" : `r.t * ${slotMs / SLOT_MS}`]),
};

/**
 * Rollups of key columns by UTC day: the partial days at the ends of a range are read from the
 * events. A breakdown sums its range whatever the zone, so whole UTC days are exact for any zone.
 */
function dayRollups(
  columns: readonly string[],
  keyClickColumns: readonly ClickDimension[],
  filterBy: readonly ClickDimension[],
): RollupDef[] {
  return rollupsOf(
    columns.join("_"),
    DAY_MS,
    columns,
    columns.map((c) => `r.${c}`),
    keyClickColumns,
    filterBy,
  );
}

/**
 * Columns of the click (every kind has them); `filterBy` names the click columns kept beside them
 * in rollups of their own. A key of cube columns reads the week and day cubes; a key of many
 * values (referer, URL, city) its own week cube when `weekCube` says so.
 */
export function clickKey(
  columns: readonly ClickDimension[],
  filterBy: readonly ClickDimension[] = [],
  { weekCube: ownWeekCube = false } = {},
): FactKey {
  const exprs = columns.map((c) => `r.${c}`);
  const ofCube = columns.every((column) => CUBE_COLUMNS.includes(column));
  const own = [
    ...dayRollups(columns, columns, filterBy),
    ...(ofCube ? [weekCube([], exprs, []), dayCube(exprs)] : []),
    ...(!ofCube && ownWeekCube ? [weekCube(columns, exprs, columns)] : []),
  ];
  return {
    names: columns,
    exprs: () => columns.map((column) => `e.${column}`),
    rollups: [...own, ...borrowed(columns, own, () => exprs)],
  };
}

/**
 * The event's link: link dimensions join the link's rows to it. Kept per day beside the click's
 * trigger and referer, and per week beside the cube's columns.
 */
export const LINK_KEY: FactKey = {
  names: ["link_id"],
  exprs: () => ["e.link_id"],
  rollups: linkRollups(),
};

/** The link's domain, as ROLLUP_LINK_DOMAINS (`m`) holds it: the key that builds the domain's rollup, never a breakdown's. */
export const DOMAIN_KEY: FactKey = {
  names: ["domain"],
  exprs: () => ["m.domain"],
  rollups: [domainCountryDeviceWeek()],
};
