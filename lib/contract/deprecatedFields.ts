/** The successor fields the duplicates are read from (the records of ./events.ts have them all). */
type ClickFields = {
  id: string;
  url: string;
  continent: string;
  country: string;
  city: string;
  device: string;
  browser: string;
  os: string;
  qr: boolean;
  ip: string;
};
type LinkFields = { id: string; domain: string; key: string };
type SaleFields = { amount: number; invoiceId: string | null; paymentProcessor: string };

/** The deprecated top-level duplicates every event carries, each equal to its successor field. */
export function deprecatedFields(click: ClickFields, link: LinkFields) {
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
export function deprecatedSaleFields<S extends SaleFields>(sale: S) {
  return { saleAmount: sale.amount, invoice_id: sale.invoiceId ?? "", payment_processor: sale.paymentProcessor };
}
