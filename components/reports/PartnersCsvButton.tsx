"use client";

import type { Figures } from "@/lib/analytics/conversion";
import { PARTNER_MEASURE_IDS, PARTNER_MEASURES, type PartnerFigures } from "@/lib/analytics/partners";
import { Button } from "@/components/ui/Button";
import { DownloadIcon } from "@/components/ui/icons";
import { MEASURE_COLUMNS } from "./partnerColumns";

const header = [
  "Partner",
  "Partner ID",
  "Email",
  "Country",
  ...PARTNER_MEASURE_IDS.map(
    (m) => `${MEASURE_COLUMNS[m].label}${MEASURE_COLUMNS[m].unit ? ` (${MEASURE_COLUMNS[m].unit})` : ""}`,
  ),
];

function figures(f: Figures): string[] {
  return PARTNER_MEASURE_IDS.map((m) => {
    const value = PARTNER_MEASURES[m](f);
    return value === null ? "" : MEASURE_COLUMNS[m].raw(value);
  });
}

/** The report as the page holds it, as a CSV file: one row per partner in the table's order, then links without a partner. */
export function PartnersCsvButton({
  partners,
  rest,
  fileName,
}: {
  partners: readonly PartnerFigures[] | undefined;
  rest: Figures | null;
  fileName: string;
}) {
  const save = async () => {
    if (!partners) return;
    // Loaded on first use: the report's first view stays light.
    const { guardText, tableCsv } = await import("@/lib/export/table");
    const rows = partners.map((p) => [
      guardText(p.name),
      p.partnerId,
      guardText(p.email ?? ""),
      p.country ?? "",
      ...figures(p),
    ]);
    if (rest) rows.push(["(links without a partner)", "", "", "", ...figures(rest)]);
    const url = URL.createObjectURL(new Blob([tableCsv(header, rows)], { type: "text/csv" }));
    const anchor = document.createElement("a");
    anchor.href = url;
    anchor.download = fileName;
    anchor.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Button size="sm" onClick={() => void save()} disabled={!partners}>
      <DownloadIcon />
      Export CSV
    </Button>
  );
}
