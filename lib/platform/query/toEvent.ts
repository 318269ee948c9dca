import type { ClickEvent, ClickRecord, Customer, LeadEvent, LinkRecord, SaleEvent } from "../../contract/events";
import type { PaymentProcessor } from "./records";

/** Records → events exactly as the strict schema wants them, deprecated duplicates included. */

function deprecatedFields(click: ClickRecord, link: LinkRecord) {
  return {
    click_id: click.id,
    link_id: link.id,
    domain: link.domain,
    key: link.key,
    url: click.url,
    continent: click.continent,
    country: click.country,
    city: click.city,
    device: click.device,
    browser: click.browser,
    os: click.os,
    qr: click.qr ? (1 as const) : (0 as const),
    ip: click.ip,
  };
}

export function toClickEvent(click: ClickRecord, link: LinkRecord): ClickEvent {
  return { event: "click", timestamp: click.timestamp, click, link, ...deprecatedFields(click, link) };
}

export interface LeadFields {
  eventId: string;
  timestamp: string;
  eventName: string;
  metadata: unknown;
}

export function toLeadEvent(lead: LeadFields, click: ClickRecord, link: LinkRecord, customer: Customer): LeadEvent {
  return {
    event: "lead",
    timestamp: lead.timestamp,
    eventId: lead.eventId,
    eventName: lead.eventName,
    metadata: lead.metadata,
    click,
    link,
    customer,
    ...deprecatedFields(click, link),
  };
}

export interface SaleFields extends LeadFields {
  amount: number;
  currency: string;
  invoiceId: string | null;
  paymentProcessor: PaymentProcessor;
}

export function toSaleEvent(sale: SaleFields, click: ClickRecord, link: LinkRecord, customer: Customer): SaleEvent {
  return {
    event: "sale",
    timestamp: sale.timestamp,
    eventId: sale.eventId,
    eventName: sale.eventName,
    metadata: sale.metadata,
    click,
    link,
    customer,
    sale: { amount: sale.amount, currency: sale.currency, invoiceId: sale.invoiceId, paymentProcessor: sale.paymentProcessor },
    saleAmount: sale.amount,
    invoice_id: sale.invoiceId ?? "",
    payment_processor: sale.paymentProcessor,
    ...deprecatedFields(click, link),
  };
}
