import type { FilterParam } from "./dimensions";
import * as z from "./zod";

/**
 * Filters whose values are ids the platform names in a list endpoint rather than in an
 * /analytics grouping: where their names come from, and how many pages of it are read.
 */
export const NAME_SOURCES = {
  folderId: { path: "/folders", pageSize: 50 },
  groupId: { path: "/groups", pageSize: 100 },
  partnerTagId: { path: "/partners", pageSize: 100 },
} as const satisfies Partial<Record<FilterParam, { path: string; pageSize: number }>>;

export type NamedParam = keyof typeof NAME_SOURCES;
export const NAMED_PARAMS = Object.keys(NAME_SOURCES) as NamedParam[];

export const isNamedParam = (param: string): param is NamedParam => (NAMED_PARAMS as readonly string[]).includes(param);

/** At most this many pages of a list: names for a picker, not a copy of the workspace. */
export const MAX_NAME_PAGES = 10;

/** Read leniently: only what names an id is needed, the rest of a hosted platform's reply may vary. */
const named = z.looseObject({ id: z.string(), name: z.string() });
const namedList = z.array(named);
const partnerTagLists = z.array(z.looseObject({ tags: z.optional(z.array(named)) }));

export interface NameOption {
  value: string;
  label: string;
}

/** The names in one page of a list endpoint's reply; null when the reply is not that list. */
export function namesInPage(param: NamedParam, body: unknown): { names: NameOption[]; received: number } | null {
  if (param === "partnerTagId") {
    const read = partnerTagLists.safeParse(body);
    return read.success
      ? {
          names: read.data.flatMap((p) => (p.tags ?? []).map((t) => ({ value: t.id, label: t.name }))),
          received: read.data.length,
        }
      : null;
  }
  // Folders and groups: a list of the named things themselves.
  const read = namedList.safeParse(body);
  return read.success
    ? { names: read.data.map((item) => ({ value: item.id, label: item.name })), received: read.data.length }
    : null;
}

/** GET …/names?param=: the reply the dashboard's pickers read. */
export const nameOptionsSchema = z.array(z.strictObject({ value: z.string(), label: z.string() }));
