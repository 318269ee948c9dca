/** Why a list is empty: "No partners match these filters." when a filter is why, else the period. */
export function emptyText(label: string, filtered: boolean): string {
  return filtered ? `No ${label.toLowerCase()} match these filters.` : `No ${label.toLowerCase()} in this period.`;
}
