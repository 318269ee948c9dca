import type { BreakdownGroupBy } from "../contract/groupBy";

/** One row of GET /analytics?groupBy=…, read without trusting its shape. */
export type AnalyticsRow = Readonly<Record<string, unknown>>;

function field(row: AnalyticsRow, ...path: string[]): string | undefined {
  let current: unknown = row;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === "string" && current.length > 0 ? current : undefined;
}

const withoutProtocol = (url: string) => url.replace(/^https?:\/\//, "");

interface RowText {
  label: (row: AnalyticsRow) => string | undefined;
  detail?: (row: AnalyticsRow) => string | undefined;
}

/** Groupings whose value is an id: the row carries the name people know it by. */
const ROW_TEXT: Partial<Record<BreakdownGroupBy, RowText>> = {
  top_links: {
    label: (row) => {
      const shortLink = field(row, "shortLink");
      if (shortLink) return withoutProtocol(shortLink);
      const domain = field(row, "domain");
      const key = field(row, "key");
      return domain && key ? `${domain}/${key}` : undefined;
    },
    detail: (row) => {
      const url = field(row, "url");
      return url ? withoutProtocol(url) : undefined;
    },
  },
  top_link_tags: { label: (row) => field(row, "tag", "name") },
  top_partners: { label: (row) => field(row, "partner", "name") },
};

export function analyticsRowLabel(groupBy: BreakdownGroupBy, row: AnalyticsRow): string | undefined {
  return ROW_TEXT[groupBy]?.label(row);
}

/** A secondary line for a row (a link's destination), when the grouping has one. */
export function analyticsRowDetail(groupBy: BreakdownGroupBy, row: AnalyticsRow): string | undefined {
  return ROW_TEXT[groupBy]?.detail?.(row);
}
