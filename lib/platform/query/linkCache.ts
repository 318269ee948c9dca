import type { LinkRecord } from "../../contract/events";
import { MarkedLru } from "./markedLru";

/** Enough for every link of the seeded workspaces many times over; the least recently used go first. */
const MAX_CACHED_LINKS = 20_000;

/**
 * Link records already read. Every page of events needs its links and the same links come back
 * page after page, so a record read once is kept, until the writer changes the link
 * (invalidate). A record read before an invalidation is not kept: set() is given the mark taken
 * before the read.
 */
export class LinkCache {
  private readonly records: MarkedLru<LinkRecord>;
  private readonly edits = new Set<(id: string) => void>();
  private readonly domainEdits = new Set<() => void>();

  constructor(capacity = MAX_CACHED_LINKS) {
    this.records = new MarkedLru(capacity);
  }

  /** The record, if cached, now the most recently used. */
  get(id: string): LinkRecord | undefined {
    return this.records.get(id);
  }

  /** Taken before reading records from the store, and passed to set(). */
  mark(): number {
    return this.records.mark();
  }

  /** The link changed in the store: forget it, and refuse records read before now. */
  invalidate(id: string): void {
    this.records.forget(id);
  }

  /**
   * The link's own fields changed or it is gone (an update or a delete, not its counters): forget
   * it here and tell whoever keeps what never changes otherwise (the resolver's short links).
   */
  edited(id: string): void {
    this.invalidate(id);
    for (const listener of this.edits) listener(id);
  }

  onEdit(listener: (id: string) => void): void {
    this.edits.add(listener);
  }

  /** A domain was added or renamed: whoever keeps the set of domains links live on reads it again. */
  domainsEdited(): void {
    for (const listener of this.domainEdits) listener();
  }

  onDomainsEdit(listener: () => void): void {
    this.domainEdits.add(listener);
  }

  set(id: string, link: LinkRecord, mark = this.records.mark()): void {
    this.records.set(id, link, mark);
  }
}
