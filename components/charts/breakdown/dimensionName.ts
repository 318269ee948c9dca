import { type FilterParam } from "@/lib/contract/dimensions";
import { filterDef } from "@/lib/filters/dimensions";

/** The dimension as it reads inside a sentence: "country", "UTM source", "OS", "referrer URL". */
export function dimensionName(param: FilterParam): string {
  const label = filterDef(param).label;
  const acronym = label.length > 1 && label[1] === label[1].toUpperCase() && /[A-Z]/.test(label[1]);
  return acronym ? label : label[0].toLowerCase() + label.slice(1);
}
