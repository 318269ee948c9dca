"use client";

import type { TimelineEntry } from "@/lib/analytics/customers";
import { countryName } from "@/lib/format/country";
import { formatDateTime } from "@/lib/format/date";
import { formatMoney } from "@/lib/format/money";
import { formatNumber } from "@/lib/format/number";
import { useCustomerTimeline } from "@/lib/queries/useCustomers";
import { Card } from "@/components/charts/parts/Card";
import { ChartError, SkeletonRows } from "@/components/charts/parts/ChartState";
import { MetadataView } from "@/components/events/MetadataView";
import { Button } from "@/components/ui/Button";
import { amountsText } from "./moneyText";

interface Props {
  customerId: string;
  label: string;
  timezone: string;
  onClose: () => void;
}

function what(entry: TimelineEntry): { title: string; detail: string } {
  switch (entry.kind) {
    case "click": {
      const click = entry.lead.click;
      const where = [click.country ? countryName(click.country) : null, click.device, click.browser].filter(Boolean).join(" · ");
      return { title: `Clicked ${entry.lead.link.shortLink.replace(/^https?:\/\//, "")}`, detail: where };
    }
    case "lead":
      return { title: `Became a lead: ${entry.lead.eventName}`, detail: entry.lead.link.url };
    case "sale": {
      const sale = entry.sale.sale;
      const invoice = sale.invoiceId ? `invoice ${sale.invoiceId}` : null;
      return { title: `Bought ${formatMoney(sale.amount, sale.currency)}: ${entry.sale.eventName}`, detail: [invoice, sale.paymentProcessor].filter(Boolean).join(" · ") };
    }
  }
}

const metadataOf = (entry: TimelineEntry): unknown => (entry.kind === "lead" ? entry.lead.metadata : entry.kind === "sale" ? entry.sale.metadata : null);

/** One customer's whole history (all time, whatever the view's range): click → lead → each sale, with metadata. */
export function CustomerTimeline({ customerId, label, timezone, onClose }: Props) {
  const history = useCustomerTimeline(customerId, timezone);
  return (
    <Card
      title={`Timeline of ${label}`}
      titleId="report-customer-timeline-title"
      actions={
        <Button size="sm" variant="secondary" onClick={onClose}>
          Close timeline
        </Button>
      }
    >
      {history.error && !history.data ? (
        <ChartError error={history.error} onRetry={() => void history.refetch()} />
      ) : !history.data ? (
        <SkeletonRows rows={4} label="Loading the timeline" />
      ) : history.data.entries.length === 0 ? (
        <p className="py-6 text-center text-sm text-zinc-600">No events of this customer.</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-zinc-700">{`All time: ${formatNumber(history.data.sales)} ${history.data.sales === 1 ? "sale" : "sales"}, ${amountsText(history.data.revenue)}.`}</p>
          <ol aria-label={`Events of ${label}`} className="space-y-3 border-l-2 border-zinc-200 pl-4">
            {history.data.entries.map((entry, i) => {
              const { title, detail } = what(entry);
              const metadata = metadataOf(entry);
              return (
                <li key={`${entry.kind}-${entry.at}-${i}`}>
                  <p className="text-xs text-zinc-600">{formatDateTime(new Date(entry.at), timezone, { year: true, seconds: true })}</p>
                  <p className="text-sm font-medium text-zinc-900">{title}</p>
                  {detail && <p className="text-xs text-zinc-600">{detail}</p>}
                  {entry.kind !== "click" && metadata !== null && metadata !== undefined && (
                    <div className="mt-1">
                      <MetadataView metadata={metadata} />
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </Card>
  );
}
