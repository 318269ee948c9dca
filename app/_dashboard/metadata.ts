import type { Metadata } from "next";
import { urlCache } from "@/lib/url/cache";

const KIND_TITLES = { clicks: "Clicks", leads: "Leads", sales: "Sales" } as const;

/** A dashboard page's title: the kind of events it shows. */
export async function dashboardMetadata(
  searchParams: Promise<Record<string, string | string[] | undefined>>,
): Promise<Metadata> {
  const { event } = await urlCache.parse(searchParams);
  const kind = event === "leads" || event === "sales" ? event : "clicks";
  return { title: `${KIND_TITLES[kind]} · Linklens` };
}
