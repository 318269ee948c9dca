"use client";

import { useState } from "react";
import type { CustomerRow } from "@/lib/analytics/customers";
import type { CommonQuery, FilterClause } from "@/lib/contract/query";
import { filterDef } from "@/lib/filters/dimensions";
import { countryName } from "@/lib/format/country";
import { formatDateTime } from "@/lib/format/date";
import { formatNumber } from "@/lib/format/number";
import { eventsQueryToParams } from "@/lib/contract/query";
import { pageQuery } from "@/lib/queries/eventsInView";
import { useCustomersReport } from "@/lib/queries/useCustomers";
import { useFigures } from "@/lib/queries/useFigures";
import { useFilterOptions } from "@/lib/queries/useFilterOptions";
import { useOpenCustomer } from "@/lib/url/useUrlState";
import { Card } from "@/components/charts/parts/Card";
import { ChartError, SkeletonRows } from "@/components/charts/parts/ChartState";
import { Flag } from "@/components/ui/Flag";
import { CustomerTimeline } from "./CustomerTimeline";
import { amountsText } from "./moneyText";

interface Props {
  view: CommonQuery;
  onFilterPartner: (clause: FilterClause) => void;
}

const customerLabel = (c: Pick<CustomerRow, "name" | "email" | "id">) => c.name ?? c.email ?? c.id;

/**
 * The view's customers: everyone who became a lead in it, at their latest lead, newest first,
 * with where they came from (country, link, partner) and what they bought in the view since.
 * Read a page at a time (lib/analytics/customerPages.ts). A customer opens their whole timeline
 * (in the URL, `customer=`); a partner filters the page to it. A plan without events (Pro) is
 * told what it has instead, once.
 */
export function CustomersReport({ view, onFilterPartner }: Props) {
  // The page of the table, for this view: another view starts again at its first page.
  const viewKey = eventsQueryToParams(pageQuery(view, "leads", 1)).toString();
  const [paging, setPaging] = useState({ viewKey, page: 1 });
  const page = paging.viewKey === viewKey ? paging.page : 1;
  const report = useCustomersReport(view, page);
  // The key figures' count of leads: the page already holds it, so it costs no request.
  const figures = useFigures(view);
  const [openId, setOpenId] = useOpenCustomer();
  const shown = report.rows;
  // Partners are named once there are customers that came through one: a refused or empty report asks for no names.
  const partners = useFilterOptions(filterDef("partnerId"), pageQuery(view, "leads", 1), {
    enabled: shown?.some((c) => c.partnerId) ?? false,
  });
  const partnerNames = new Map(partners.status === "ready" ? partners.options.map((o) => [o.value, o.label]) : []);
  // While the names load, a placeholder: a raw partner id is never shown in their place.
  const partnerName = (id: string): string | null =>
    partners.status === "loading" ? null : (partnerNames.get(id) ?? id);
  const opened = shown?.find((c) => c.id === openId);
  const at = (iso: string | null) => (iso ? formatDateTime(new Date(iso), view.timezone, { year: true }) : "—");
  const planRefused = report.error?.status === 403 && !report.error.refusedBy;

  return (
    <div className="flex flex-col gap-4">
      <Card title="Customers" titleId="report-customers-title">
        {planRefused ? (
          <BusinessPlanNotice />
        ) : report.error && !shown ? (
          <ChartError error={report.error} onRetry={() => report.refetch()} />
        ) : !shown ? (
          <SkeletonRows rows={6} label="Loading the customers" />
        ) : shown.length === 0 && page === 1 ? (
          <p className="py-8 text-center text-sm text-zinc-600">Nobody became a lead in this view.</p>
        ) : (
          <>
            <p className="mb-2 text-xs text-zinc-600">
              {figures.data && !figures.isPlaceholderData
                ? `${formatNumber(figures.data.leads)} leads in this view. `
                : ""}
              Each customer at their latest lead, newest first; sales and revenue are theirs in the view since that
              lead.
            </p>
            <div className="relative overflow-x-auto">
              <table className="w-full min-w-[64rem] text-sm">
                <caption className="sr-only">Customers of this view, newest leads first</caption>
                <thead className="text-left text-xs text-zinc-600">
                  <tr>
                    {["Customer", "Email", "Country", "Link", "Partner", "Latest lead", "First purchase"].map(
                      (label) => (
                        <th key={label} scope="col" className="px-3 py-2 font-medium">
                          {label}
                        </th>
                      ),
                    )}
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Sales
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Revenue
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((c) => (
                    <tr
                      key={c.id}
                      className="border-t border-zinc-100"
                      aria-current={c.id === openId ? "true" : undefined}
                    >
                      <th scope="row" className="px-3 py-2 text-left font-normal">
                        <button
                          type="button"
                          onClick={() => setOpenId(c.id)}
                          className="rounded text-left font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
                        >
                          {customerLabel(c)}
                        </button>
                      </th>
                      <td className="px-3 py-2 text-zinc-700">{c.email ?? "—"}</td>
                      <td className="px-3 py-2 text-zinc-700">
                        {c.country ? (
                          <span className="flex items-center gap-1.5">
                            <Flag country={c.country} />
                            {countryName(c.country)}
                          </span>
                        ) : (
                          "—"
                        )}
                      </td>
                      <td className="max-w-48 truncate px-3 py-2 text-zinc-700" title={c.shortLink}>
                        {c.shortLink.replace(/^https?:\/\//, "")}
                      </td>
                      <td className="px-3 py-2">
                        {c.partnerId && partnerName(c.partnerId) === null ? (
                          <span
                            role="status"
                            aria-label="Loading the partner's name"
                            className="inline-block h-4 w-20 animate-pulse rounded bg-zinc-100 align-middle"
                          />
                        ) : c.partnerId ? (
                          <button
                            type="button"
                            onClick={() => onFilterPartner({ exclude: false, values: [c.partnerId ?? ""] })}
                            className="rounded text-left text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
                            aria-label={`Filter by partner ${partnerName(c.partnerId)}`}
                          >
                            {partnerName(c.partnerId)}
                          </button>
                        ) : (
                          <span className="text-zinc-500">—</span>
                        )}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap text-zinc-700">{at(c.leadAt)}</td>
                      <td className="px-3 py-2 whitespace-nowrap text-zinc-700">{at(c.firstSaleAt)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatNumber(c.sales)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{amountsText(c.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {(page > 1 || report.hasNext) && (
              <nav aria-label="Customers pages" className="mt-3 flex items-center justify-end gap-2 text-sm">
                <button
                  type="button"
                  className="rounded-md border border-zinc-200 px-2.5 py-1 disabled:opacity-50"
                  disabled={page <= 1}
                  onClick={() => setPaging({ viewKey, page: page - 1 })}
                >
                  Previous
                </button>
                <span className="text-zinc-700">{`Page ${page}`}</span>
                <button
                  type="button"
                  className="rounded-md border border-zinc-200 px-2.5 py-1 disabled:opacity-50"
                  disabled={!report.hasNext}
                  onClick={() => setPaging({ viewKey, page: page + 1 })}
                >
                  Next
                </button>
              </nav>
            )}
          </>
        )}
      </Card>
      {openId && (
        <CustomerTimeline
          key={openId}
          customerId={openId}
          label={opened ? customerLabel(opened) : null}
          timezone={view.timezone}
          onClose={() => setOpenId(null)}
        />
      )}
    </div>
  );
}

/** Where the customers would be, when the workspace's plan lists no events: what the plan has instead. */
function BusinessPlanNotice() {
  return (
    <div role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-6 py-8 text-center">
      <p className="text-sm font-semibold text-zinc-900">Customers need the Business plan</p>
      <p className="mx-auto mt-1.5 max-w-xl text-sm text-zinc-700">
        This report lists the view&apos;s leads and sales one by one, which the platform serves on the Business plan and
        higher. On this workspace&apos;s plan, the overview and the partners report show the same leads, sales and
        revenue in total.
      </p>
    </div>
  );
}
