"use client";

import { useState } from "react";
import type { CustomerRow } from "@/lib/analytics/customers";
import type { CommonQuery, FilterClause } from "@/lib/contract/query";
import { filterDef } from "@/lib/filters/dimensions";
import { countryName } from "@/lib/format/country";
import { formatDateTime } from "@/lib/format/date";
import { formatNumber } from "@/lib/format/number";
import { pageQuery } from "@/lib/queries/eventsInView";
import { useCustomersReport } from "@/lib/queries/useCustomers";
import { useFilterOptions } from "@/lib/queries/useFilterOptions";
import { useOpenCustomer } from "@/lib/url/useUrlState";
import { Card } from "@/components/charts/parts/Card";
import { ChartError, SkeletonRows } from "@/components/charts/parts/ChartState";
import { Flag } from "@/components/ui/Flag";
import { CustomerTimeline } from "./CustomerTimeline";
import { amountsText } from "./moneyText";

const PAGE_SIZE = 50;

interface Props {
  view: CommonQuery;
  onFilterPartner: (clause: FilterClause) => void;
}

const customerLabel = (c: Pick<CustomerRow, "name" | "email" | "id">) => c.name ?? c.email ?? c.id;

/**
 * The view's customers: everyone who became a lead in it, newest first, with where they came
 * from (country, link, partner) and what they bought in the view. A customer opens their whole
 * timeline (in the URL, `customer=`); a partner filters the page to it.
 */
export function CustomersReport({ view, onFilterPartner }: Props) {
  const report = useCustomersReport(view);
  const [openId, setOpenId] = useOpenCustomer();
  const [page, setPage] = useState(1);
  const customers = report.data?.customers;
  // Partners are named once there are customers that came through one: a refused or empty report asks for no names.
  const partners = useFilterOptions(filterDef("partnerId"), pageQuery(view, "leads", 1), { enabled: customers?.some((c) => c.partnerId) ?? false });
  const partnerNames = new Map(partners.status === "ready" ? partners.options.map((o) => [o.value, o.label]) : []);
  // While the names load, a placeholder: a raw partner id is never shown in their place.
  const partnerName = (id: string): string | null => (partners.status === "loading" ? null : (partnerNames.get(id) ?? id));
  const pages = customers ? Math.max(1, Math.ceil(customers.length / PAGE_SIZE)) : 1;
  const shown = customers?.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  const opened = customers?.find((c) => c.id === openId);
  const at = (iso: string | null) => (iso ? formatDateTime(new Date(iso), view.timezone, { year: true }) : "—");

  return (
    <div className="flex flex-col gap-4">
      <Card title="Customers" titleId="report-customers-title">
        {report.error && !customers ? (
          <ChartError error={report.error} onRetry={() => void report.refetch()} />
        ) : !customers || !shown ? (
          <SkeletonRows rows={6} label="Loading the customers" />
        ) : customers.length === 0 ? (
          <p className="py-8 text-center text-sm text-zinc-600">Nobody became a lead in this view.</p>
        ) : (
          <>
            <p className="mb-2 text-xs text-zinc-600">
              {`${formatNumber(customers.length)} customers became leads in this view; sales and revenue are theirs in the view.`}
              {!report.data?.complete && " The view holds more than 10,000 leads or sales: narrow the range to see every customer."}
            </p>
            <div className="relative overflow-x-auto">
              <table className="w-full min-w-[64rem] text-sm">
                <caption className="sr-only">Customers of this view, newest leads first</caption>
                <thead className="text-left text-xs text-zinc-600">
                  <tr>
                    {["Customer", "Email", "Country", "Link", "Partner", "Became a lead", "First purchase"].map((label) => (
                      <th key={label} scope="col" className="px-3 py-2 font-medium">
                        {label}
                      </th>
                    ))}
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
                    <tr key={c.id} className="border-t border-zinc-100" aria-current={c.id === openId ? "true" : undefined}>
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
                          <span role="status" aria-label="Loading the partner's name" className="inline-block h-4 w-20 animate-pulse rounded bg-zinc-100 align-middle" />
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
            {pages > 1 && (
              <nav aria-label="Customers pages" className="mt-3 flex items-center justify-end gap-2 text-sm">
                <button type="button" className="rounded-md border border-zinc-200 px-2.5 py-1 disabled:opacity-50" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </button>
                <span className="text-zinc-700">{`Page ${Math.min(page, pages)} of ${pages}`}</span>
                <button type="button" className="rounded-md border border-zinc-200 px-2.5 py-1 disabled:opacity-50" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  Next
                </button>
              </nav>
            )}
          </>
        )}
      </Card>
      {openId && <CustomerTimeline key={openId} customerId={openId} label={opened ? customerLabel(opened) : null} timezone={view.timezone} onClose={() => setOpenId(null)} />}
    </div>
  );
}
