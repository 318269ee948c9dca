import type { ClickEvent, ClickRecord, Customer, LeadEvent, LinkRecord, SaleEvent } from "../../contract/events";
import { deprecatedFields, deprecatedSaleFields } from "../../contract/deprecatedFields";
import type { PaymentProcessor } from "./records";

/** Records → events exactly as the strict schema wants them, deprecated duplicates included. */

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
  const record = {
    amount: sale.amount,
    currency: sale.currency,
    invoiceId: sale.invoiceId,
    paymentProcessor: sale.paymentProcessor,
  };
  return {
    event: "sale",
    timestamp: sale.timestamp,
    eventId: sale.eventId,
    eventName: sale.eventName,
    metadata: sale.metadata,
    click,
    link,
    customer,
    sale: record,
    ...deprecatedSaleFields(record),
    ...deprecatedFields(click, link),
  };
}
