import { useId, type ReactNode } from "react";
import { Flag } from "@/components/ui/Flag";
import { countryName } from "@/lib/format/country";
import { continentName } from "@/lib/format/continent";
import { formatDateTime } from "@/lib/format/date";
import { formatFilterValue } from "@/lib/filters/dimensions";
import { formatMoney } from "@/lib/format/money";
import { formatNumber } from "@/lib/format/number";
import { NEVER } from "@/lib/contract/timestamps";
import type { ReadEvent } from "@/lib/queries/readEvents";
import type { SaleType } from "@/lib/queries/useSaleTypes";
import { KeyValueList } from "./KeyValueList";
import { maskIp } from "@/lib/http/maskIp";
import { MetadataView } from "./MetadataView";

type WithCustomer = Extract<ReadEvent, { event: "lead" | "sale" }>;
type Sale = Extract<ReadEvent, { event: "sale" }>;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-t border-zinc-100 px-6 py-4">
      <h3 id={id} className="mb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

const when = (iso: string | null | undefined, zone: string) =>
  iso && iso !== NEVER ? formatDateTime(new Date(iso), zone, { year: true, seconds: true }) : null;

function CountryName({ code }: { code: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Flag country={code} />
      {countryName(code)}
    </span>
  );
}

function Url({ href }: { href: string }) {
  if (!/^https?:\/\//.test(href)) return <>{href}</>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      className="text-indigo-700 underline decoration-indigo-200 underline-offset-2 hover:decoration-indigo-500"
    >
      {href}
    </a>
  );
}

export function EventSection({
  event,
  timeZone,
  saleType,
}: {
  event: ReadEvent;
  timeZone: string;
  saleType?: SaleType;
}) {
  const custom = event.event === "click" ? null : event;
  return (
    <Section title="Event">
      <KeyValueList
        entries={[
          { label: "Time", value: `${when(event.timestamp, timeZone)} (${timeZone})` },
          { label: "Time (UTC)", value: event.timestamp, mono: true },
          custom && { label: "Event name", value: custom.eventName },
          custom && { label: "Event ID", value: custom.eventId, copy: custom.eventId, mono: true },
          event.event === "sale" && {
            label: "Sale type",
            value: saleType ? formatFilterValue("saleType", saleType) : "…",
          },
        ]}
      />
    </Section>
  );
}

export function SaleSection({ event }: { event: Sale }) {
  const { sale } = event;
  return (
    <Section title="Sale">
      <KeyValueList
        entries={[
          { label: "Amount", value: formatMoney(sale.amount, sale.currency) },
          { label: "Currency", value: sale.currency.toUpperCase() },
          { label: "Invoice ID", value: sale.invoiceId, copy: sale.invoiceId ?? undefined, mono: true },
          { label: "Payment processor", value: sale.paymentProcessor },
        ]}
      />
    </Section>
  );
}

export function CustomerSection({ event, timeZone }: { event: WithCustomer; timeZone: string }) {
  const { customer } = event;
  // The spec does not promise a customer on every lead or sale.
  if (!customer) return null;
  return (
    <Section title="Customer">
      <KeyValueList
        entries={[
          { label: "Name", value: customer.name },
          { label: "Email", value: customer.email },
          { label: "Customer ID", value: customer.id, copy: customer.id, mono: true },
          { label: "External ID", value: customer.externalId, copy: customer.externalId ?? undefined, mono: true },
          { label: "Country", value: customer.country ? <CountryName code={customer.country} /> : null },
          { label: "Created", value: when(customer.createdAt, timeZone) },
        ]}
      />
    </Section>
  );
}

export function ClickSection({
  event,
  revealIp,
  onToggleIp,
}: {
  event: ReadEvent;
  revealIp: boolean;
  onToggleIp: () => void;
}) {
  const { click } = event;
  const place = [click.city, click.region, continentName(click.continent)].filter(Boolean).join(", ");
  return (
    <Section title="Click">
      <KeyValueList
        entries={[
          { label: "Click ID", value: click.id, copy: click.id, mono: true },
          { label: "Destination", value: <Url href={click.url} /> },
          { label: "Country", value: <CountryName code={click.country} /> },
          { label: "Location", value: place },
          { label: "Device", value: click.device },
          { label: "Browser", value: click.browser },
          { label: "OS", value: click.os },
          { label: "User agent", value: click.ua, mono: true },
          {
            label: "Trigger",
            value: click.trigger ? formatFilterValue("trigger", click.trigger) : click.qr ? "QR scan" : "Link click",
          },
          { label: "Referrer", value: click.referer },
          { label: "Referrer URL", value: click.refererUrl ? <Url href={click.refererUrl} /> : null },
          {
            label: "IP address",
            mono: true,
            value: (
              <span className="inline-flex items-center gap-2">
                {revealIp ? click.ip : maskIp(click.ip)}
                <button
                  type="button"
                  aria-pressed={revealIp}
                  onClick={onToggleIp}
                  className="rounded px-1.5 font-sans text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
                >
                  {revealIp ? "Hide IP" : "Reveal IP"}
                </button>
              </span>
            ),
          },
        ]}
      />
    </Section>
  );
}

export function LinkSection({ event, timeZone }: { event: ReadEvent; timeZone: string }) {
  const { link } = event;
  const tags = link.tags?.map((t) => t.name).join(", ");
  return (
    <Section title="Link">
      <KeyValueList
        entries={[
          { label: "Short link", value: <Url href={link.shortLink} /> },
          { label: "Link ID", value: link.id, copy: link.id, mono: true },
          { label: "Destination", value: <Url href={link.url} /> },
          { label: "Title", value: link.title },
          { label: "External ID", value: link.externalId, copy: link.externalId ?? undefined, mono: true },
          { label: "Tenant ID", value: link.tenantId, copy: link.tenantId ?? undefined, mono: true },
          { label: "Tags", value: tags },
          { label: "Folder ID", value: link.folderId, copy: link.folderId ?? undefined, mono: true },
          { label: "Partner ID", value: link.partnerId, copy: link.partnerId ?? undefined, mono: true },
          { label: "Program ID", value: link.programId, copy: link.programId ?? undefined, mono: true },
          { label: "UTM source", value: link.utm_source },
          { label: "UTM medium", value: link.utm_medium },
          { label: "UTM campaign", value: link.utm_campaign },
          { label: "UTM term", value: link.utm_term },
          { label: "UTM content", value: link.utm_content },
          {
            label: "Totals",
            value: `${formatNumber(link.clicks)} clicks · ${formatNumber(link.leads)} leads · ${formatNumber(link.sales)} sales`,
          },
          { label: "Archived", value: link.archived ? "Yes" : null },
          { label: "Expires", value: when(link.expiresAt, timeZone) },
          { label: "Created", value: when(link.createdAt, timeZone) },
        ]}
      />
    </Section>
  );
}

export function MetadataSection({ event }: { event: WithCustomer }) {
  return (
    <Section title="Metadata">
      <MetadataView metadata={event.metadata} />
    </Section>
  );
}

/** The whole event as received, with IPs masked unless revealed. */
export function RawSection({ event, revealIp }: { event: ReadEvent; revealIp: boolean }) {
  const shown = revealIp
    ? event
    : {
        ...event,
        ...(event.ip !== undefined && { ip: maskIp(event.ip) }),
        click: { ...event.click, ip: maskIp(event.click.ip) },
      };
  return (
    <Section title="Raw event">
      <details className="group">
        <summary className="cursor-pointer rounded text-sm text-zinc-600 select-none hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500">
          Show JSON
        </summary>
        <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-zinc-950 p-3 font-mono text-xs leading-5 text-zinc-100">
          {JSON.stringify(shown, null, 2)}
        </pre>
      </details>
    </Section>
  );
}
