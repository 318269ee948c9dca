"use client";

import type { TimelineEntry } from "@/lib/analytics/customers";
import { countryName } from "@/lib/format/country";
import { formatDateTime } from "@/lib/format/date";
import { formatMoney } from "@/lib/format/money";
import { formatNumber } from "@/lib/format/number";
import { useCustomerTimeline } from "@/lib/queries/useCustomers";
import { useEffect, useId, useRef, type MouseEvent } from "react";
import { ChartError, SkeletonRows } from "@/components/charts/parts/ChartState";
import { MetadataView } from "@/components/events/MetadataView";
import { CloseIcon } from "@/components/ui/icons";
import { amountsText } from "./moneyText";

interface Props {
  customerId: string;
  /** The customer's name as the report lists it; until the report has loaded, the timeline's own events name them. */
  label: string | null;
  timezone: string;
  onClose: () => void;
}

function what(entry: TimelineEntry): { title: string; detail: string } {
  switch (entry.kind) {
    case "click": {
      const click = entry.lead.click;
      const where = [click.country ? countryName(click.country) : null, click.device, click.browser]
        .filter(Boolean)
        .join(" · ");
      return { title: `Clicked ${entry.lead.link.shortLink.replace(/^https?:\/\//, "")}`, detail: where };
    }
    case "lead":
      return { title: `Became a lead: ${entry.lead.eventName}`, detail: entry.lead.link.url };
    case "sale": {
      const sale = entry.sale.sale;
      const invoice = sale.invoiceId ? `invoice ${sale.invoiceId}` : null;
      return {
        title: `Bought ${formatMoney(sale.amount, sale.currency)}: ${entry.sale.eventName}`,
        detail: [invoice, sale.paymentProcessor].filter(Boolean).join(" · "),
      };
    }
  }
}

/** The customer's name (else email) as their own lead events give it. */
function nameIn(entries: readonly TimelineEntry[] | undefined): string | undefined {
  for (const entry of entries ?? []) {
    if (entry.kind === "lead" && entry.lead.customer)
      return entry.lead.customer.name ?? entry.lead.customer.email ?? undefined;
  }
  return undefined;
}

const metadataOf = (entry: TimelineEntry): unknown =>
  entry.kind === "lead" ? entry.lead.metadata : entry.kind === "sale" ? entry.sale.metadata : null;

/**
 * One customer's whole history (all time, whatever the view's range): click → lead → each sale,
 * with metadata, in a side sheet over the report, where the person is looking. A native modal
 * <dialog> gives the focus trap, Escape and focus return to the customer's button; the URL's
 * `customer=` opens it at once on load.
 */
export function CustomerTimeline({ customerId, label, timezone, onClose }: Props) {
  const history = useCustomerTimeline(customerId, timezone);
  const shownLabel = label ?? nameIn(history.data?.entries) ?? customerId;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // A click on the backdrop lands on the <dialog> itself.
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) ref.current?.close();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={onClick}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-xl overflow-hidden border-l border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/25"
    >
      <div className="flex h-full flex-col">
        <header className="flex items-start justify-between gap-4 px-6 pt-5 pb-4">
          <h2 id={titleId} className="min-w-0 truncate text-base font-semibold">
            {`Timeline of ${shownLabel}`}
          </h2>
          <button
            type="button"
            autoFocus
            onClick={() => ref.current?.close()}
            aria-label="Close timeline"
            className="-mr-2 rounded-lg p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <CloseIcon className="size-5" />
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-6 pb-6">
          <TimelineBody history={history} label={shownLabel} timezone={timezone} />
        </div>
      </div>
    </dialog>
  );
}

function TimelineBody({
  history,
  label,
  timezone,
}: {
  history: ReturnType<typeof useCustomerTimeline>;
  label: string;
  timezone: string;
}) {
  return history.error && !history.data ? (
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
              <p className="text-xs text-zinc-600">
                {formatDateTime(new Date(entry.at), timezone, { year: true, seconds: true })}
              </p>
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
  );
}
