import type { BreakdownRow } from "../contract/analytics";

/** For tests: a row of first purchases per link (`top_links`), naming its link's partner (null: a link without one). */
export const topLinkRow = (
  id: string,
  partnerId: string | null,
  sales: number,
  saleAmount: number,
): BreakdownRow<"top_links"> => ({
  id,
  link: id,
  domain: "acme.link",
  key: id,
  shortLink: `https://acme.link/${id}`,
  url: "https://acme.com/",
  title: null,
  comments: null,
  folderId: null,
  partnerId,
  createdAt: "2026-01-01T00:00:00.000Z",
  clicks: 0,
  leads: 0,
  sales,
  saleAmount,
});
