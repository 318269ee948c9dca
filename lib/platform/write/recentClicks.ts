import type { ClickRow } from "./eventRows";

/** Clicks kept, at most: a lead usually names a click of the last minutes; an older one is read from the store. */
export const RECENT_CLICKS_CAPACITY = 50_000;

/**
 * The clicks the writer committed lately, by id, and the click ids it has made conversion clicks
 * since it started. A tracked lead or sale names a click just answered: found here, its click is
 * not looked for among every click id of the store, and a click already a conversion click is not
 * copied again. Only committed clicks are added; the oldest go first.
 */
export class RecentClicks {
  private readonly clicks = new Map<string, ClickRow>();
  private readonly conversions = new Set<string>();

  constructor(private readonly capacity = RECENT_CLICKS_CAPACITY) {}

  committed(rows: readonly ClickRow[]): void {
    for (const row of rows) {
      if (this.clicks.size >= this.capacity) this.clicks.delete(this.clicks.keys().next().value as string);
      this.clicks.set(row.id, row);
    }
  }

  /** The workspace's click of this id, if committed lately. */
  find(workspaceId: string, id: string): ClickRow | undefined {
    const row = this.clicks.get(id);
    return row && row.workspaceId === workspaceId ? row : undefined;
  }

  /** Whether the click was made a conversion click since the writer started. */
  isConversion(id: string): boolean {
    return this.conversions.has(id);
  }

  conversionAdded(id: string): void {
    if (this.conversions.size >= this.capacity) {
      // A click kept here is a conversion click exactly when its id is in the set: one forgotten goes from both.
      const oldest = this.conversions.values().next().value as string;
      this.conversions.delete(oldest);
      this.clicks.delete(oldest);
    }
    this.conversions.add(id);
  }

  /** Some events and conversion clicks left the store (a link was deleted): everything is read from it again. */
  forget(): void {
    this.clicks.clear();
    this.conversions.clear();
  }
}
