/**
 * Records kept by id, the least recently used dropped past `capacity`, and never a record read
 * before the store changed: a reader takes mark() before reading, and set() refuses its record
 * if a change came since (forget() or clear()).
 */
export class MarkedLru<T> {
  private readonly records = new Map<string, T>();
  private version = 0;

  constructor(private readonly capacity: number) {}

  /** The record, if kept, now the most recently used. */
  get(id: string): T | undefined {
    const record = this.records.get(id);
    if (record !== undefined) {
      // Map iteration order is insertion order: re-inserting refreshes recency.
      this.records.delete(id);
      this.records.set(id, record);
    }
    return record;
  }

  /** Taken before reading records from the store, and passed to set(). */
  mark(): number {
    return this.version;
  }

  set(id: string, record: T, mark: number): void {
    if (mark !== this.version) return;
    this.records.delete(id);
    this.records.set(id, record);
    while (this.records.size > this.capacity) this.records.delete(this.records.keys().next().value as string);
  }

  /** One record changed in the store: forget it, and refuse records read before now. */
  forget(id: string): void {
    this.records.delete(id);
    this.version += 1;
  }

  /** Any record may have changed: forget them all, and refuse records read before now. */
  clear(): void {
    this.records.clear();
    this.version += 1;
  }
}
