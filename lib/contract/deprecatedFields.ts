import type { ClickRecord, LinkRecord, SaleRecord } from "./events";

/** The deprecated top-level duplicates every event carries, each equal to its successor field. */
export function deprecatedFields(click: ClickRecord, link: LinkRecord) {
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

/** The deprecated top-level duplicates a sale event carries on top of those of every event. */
export function deprecatedSaleFields(sale: SaleRecord) {
  return { saleAmount: sale.amount, invoice_id: sale.invoiceId ?? "", payment_processor: sale.paymentProcessor };
}
