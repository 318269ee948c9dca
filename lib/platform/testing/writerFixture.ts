import type { LinkRecord } from "../../contract/events";
import type { ClickRow } from "../write/eventRows";
import type { WritablePlatform } from "./writablePlatform";

/**
 * What the writer's integration tests (storeWriter, trackGroup, rollupStore, the webhook
 * backlog) share: a seeded click's link to write events on, and a click of theirs, a mobile
 * Safari visit from Reykjavik unless told otherwise, so that its figures stand out in a
 * breakdown by country.
 */

/** A seeded click of the platform and its link: the `page`th click of all time. */
export async function seededClick(
  live: Pick<WritablePlatform, "request">,
  page = 1,
): Promise<{ click: { id: string }; link: LinkRecord }> {
  const res = await live.request(`/events?event=clicks&interval=all&limit=1&page=${page}`);
  if (res.status !== 200) throw new Error(`a seeded click → ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { click: { id: string }; link: LinkRecord }[])[0];
}

/** A click on `link` with id `id`, now, from Reykjavik on a phone; `overrides` change any column. */
export function testClick(
  id: string,
  link: Pick<LinkRecord, "id" | "workspaceId" | "url">,
  overrides: Partial<ClickRow> = {},
): ClickRow {
  return {
    id,
    workspaceId: link.workspaceId,
    linkId: link.id,
    timestamp: new Date(),
    url: link.url,
    country: "IS",
    city: "Reykjavik",
    region: "IS-1",
    continent: "EU",
    device: "Mobile",
    browser: "Safari",
    os: "iOS",
    ua: null,
    trigger: "link",
    referer: "(direct)",
    refererUrl: "(direct)",
    ip: "203.0.113.8",
    ...overrides,
  };
}

/** Resolves once the platform's writes and its webhook deliveries due so far are done. */
export async function settled(live: Pick<WritablePlatform, "platform">): Promise<void> {
  await live.platform.drain();
  await live.platform.webhooks?.dispatcher.idle();
}
