import { EVENT_KINDS } from "@/lib/contract/dimensions";
import type { FilterClause } from "@/lib/contract/query";
import { filterDef, type Filter } from "@/lib/filters/dimensions";

/** The contract's message without its `Invalid value for "x": ` lead, for places that already name the filter. */
export function problemText(message: string): string {
  const text = message.replace(/^Invalid value for "[^"]+":\s*/, "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The kinds a filter exists on, when not all: "sales", "leads and sales". */
export function kindsText(def: Filter): string | null {
  return def.events ? def.events.join(" and ") : null;
}

/** "applies to sales only", "applies to leads and sales only". */
export function appliesToText(def: Filter): string | null {
  const kinds = kindsText(def);
  return kinds ? `applies to ${kinds} only` : null;
}

/** What a filter of some kinds only leaves unfiltered: "Sale type applies to sales only: clicks and leads are counted without it." */
export function scopeSentence(def: Filter): string | null {
  if (!def.events) return null;
  const others = EVENT_KINDS.filter((kind) => !def.events?.includes(kind));
  return `${def.label} ${appliesToText(def)}: ${others.join(" and ")} are counted without it.`;
}

/** Values a filter can only take, listed even when no counts are available. */
export function fixedChoices(def: Filter): readonly string[] {
  if (def.value.kind === "enum") return def.value.values;
  if (def.value.kind === "boolean") return ["true", "false"];
  return [];
}

/** What a filter needs beside itself, in words ("Needs exactly one Domain filter."). */
export function requiresText(def: Filter): string | null {
  return def.requires ? `Needs exactly one ${filterDef(def.requires as Filter["param"]).label} filter.` : null;
}

/** "Country is United States, Germany", "Device is not Mobile", "Root domains only". */
export function chipText(def: Filter, clause: FilterClause, labelOf: (value: string) => string): string {
  const labels = clause.values.map(labelOf);
  if (def.value.kind === "boolean") return labels.join(", ");
  if (def.value.kind === "metadata") return `${def.label} matches ${clause.values[0]}`;
  return `${def.label} ${clause.exclude ? "is not" : "is"} ${labels.join(", ")}`;
}
