"use client";

import { useEffect, useId, useRef, type MouseEvent } from "react";
import { formatDateTime } from "@/lib/format/date";
import { formatMoney } from "@/lib/format/money";
import type { ReadEvent } from "@/lib/queries/readEvents";
import type { SaleType } from "@/lib/queries/useSaleTypes";
import {
  ClickSection,
  CustomerSection,
  EventSection,
  LinkSection,
  MetadataSection,
  RawSection,
  SaleSection,
} from "./DetailSections";
import { CloseIcon } from "@/components/ui/icons";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { serializeUrl } from "@/lib/url/keys";
import { CopyButton } from "./CopyButton";

interface Props {
  event: ReadEvent;
  timeZone: string;
  saleType?: SaleType;
  revealIps: boolean;
  onRevealIps: (revealed: boolean) => void;
  onClose: () => void;
}

function title(event: ReadEvent): string {
  if (event.event === "click") return "Click";
  if (event.event === "lead") return `Lead · ${event.eventName}`;
  return `Sale · ${formatMoney(event.sale.amount, event.sale.currency)}`;
}

/**
 * The full event in a side sheet. A native modal <dialog> gives the focus trap, Escape,
 * an inert page behind it and focus return to the row on close.
 */
export function EventDetail({ event, timeZone, saleType, revealIps, onRevealIps, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const pathname = usePathname();
  const search = useSearchParams();
  const here = `${pathname}?${search.toString()}`;
  // A lead's or sale's customer: their timeline in the customers report, over the same view.
  const customerId = event.event !== "click" ? event.customer?.id : undefined;
  const timeline = customerId
    ? `${pathname}${serializeUrl(new URLSearchParams(search.toString()), { report: "customers", sort: null, customer: customerId, detail: null, detailAt: null })}`
    : null;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The sheet opens with the URL changing under it (detail=…): focus its close button explicitly.
    closeRef.current?.focus();
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
          <div className="min-w-0">
            <h2 id={titleId} className="truncate text-base font-semibold">
              {title(event)}
            </h2>
            <p className="mt-0.5 text-sm text-zinc-500">
              {formatDateTime(new Date(event.timestamp), timeZone, { year: true, seconds: true })} ·{" "}
              {event.link.shortLink.replace(/^https?:\/\//, "")}
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-3 text-sm">
              <span className="inline-flex items-center gap-1 text-zinc-600">
                Link to this event{" "}
                <CopyButton
                  value={typeof window === "undefined" ? here : new URL(here, window.location.origin).toString()}
                  label="Copy the link to this event"
                />
              </span>
              {timeline && (
                <Link
                  href={timeline}
                  className="font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
                >
                  Open the customer&apos;s timeline
                </Link>
              )}
            </p>
          </div>
          <button
            ref={closeRef}
            type="button"
            autoFocus
            onClick={() => ref.current?.close()}
            aria-label="Close event details"
            className="-mr-2 rounded-lg p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <CloseIcon className="size-5" />
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto pb-6">
          <EventSection event={event} timeZone={timeZone} saleType={saleType} />
          {event.event === "sale" && <SaleSection event={event} />}
          {event.event !== "click" && <CustomerSection event={event} timeZone={timeZone} />}
          {event.event !== "click" && <MetadataSection event={event} />}
          <ClickSection event={event} revealIp={revealIps} onToggleIp={() => onRevealIps(!revealIps)} />
          <LinkSection event={event} timeZone={timeZone} />
          <RawSection event={event} revealIp={revealIps} />
        </div>
      </div>
    </dialog>
  );
}
