/** A statement that writes the links or the domains (what the resolver's tables hold). */
const WRITES_LINKS = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+links\b/i;
const WRITES_DOMAINS = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+domains\b/i;
/** A customer changed or gone (one created is in no cache yet): the cached customers (query/customerCache.ts) may be stale. */
const CHANGES_CUSTOMERS = /\b(?:UPDATE|DELETE\s+FROM)\s+customers\b/i;
const WRITES_WEBHOOKS = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+webhooks\b/i;

/**
 * The tables one transaction's statements wrote that something outside the file keeps a copy of
 * (the resolver's links and domains, the cached customers, the webhook receivers), noticed from
 * each statement's text before it runs, whatever write sent it.
 */
export class WrittenTables {
  links = false;
  domains = false;
  customers = false;
  webhooks = false;

  /** `beforeWebhooksWrite` is called before each statement that writes the receivers. */
  constructor(private readonly beforeWebhooksWrite: () => void) {}

  notice(sql: string): void {
    if (CHANGES_CUSTOMERS.test(sql)) this.customers = true;
    if (WRITES_LINKS.test(sql)) this.links = true;
    if (WRITES_DOMAINS.test(sql)) this.domains = true;
    if (WRITES_WEBHOOKS.test(sql)) {
      this.webhooks = true;
      this.beforeWebhooksWrite();
    }
  }
}
