import type { Customer } from "../../contract/events";
import { MarkedLru } from "./markedLru";

/** About a page of events' customers for every workspace many times over; the least recently used go first. */
const MAX_CACHED_CUSTOMERS = 20_000;

/**
 * Customer records already read for pages of events. Each page of leads or sales shows its
 * customers, and reading 100 of them by id from the file costs more than the page itself (a
 * row fetched column by column from compressed storage). A record read once is kept until a
 * write changes a customer (changed(): the writer calls it after any transaction that updated or
 * deleted customers; a customer created is not here yet). A record read before a change is not
 * kept: set() is given the mark taken before the read.
 */
/** A customer as cached: with its workspace, which the record does not show. */
export interface CachedCustomer {
  workspaceId: string;
  customer: Customer;
}

export class CustomerCache {
  private readonly records: MarkedLru<CachedCustomer>;

  constructor(capacity = MAX_CACHED_CUSTOMERS) {
    this.records = new MarkedLru(capacity);
  }

  /** The record, if cached, now the most recently used. */
  get(id: string): CachedCustomer | undefined {
    return this.records.get(id);
  }

  /** Taken before reading records from the store, and passed to set(). */
  mark(): number {
    return this.records.mark();
  }

  /** Customers changed in the store: forget every record, and refuse those read before now. */
  changed(): void {
    this.records.clear();
  }

  set(id: string, customer: CachedCustomer, mark: number): void {
    this.records.set(id, customer, mark);
  }
}
