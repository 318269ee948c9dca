"use client";

import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { DownloadIcon } from "@/components/ui/icons";
import { downloadAttachment } from "@/components/export/saveFile";
import { useViewFile } from "@/components/export/ViewFiles";
import type { Metric } from "../metrics";
import type { RowComparison } from "./BreakdownList";
import type { BreakdownItem } from "./items";
import type { RowFiguresState } from "./PanelContent";
import { cardCsv } from "./cardCsv";

interface Props {
  label: string;
  dimensionLabel: string;
  items: readonly BreakdownItem[];
  total: number;
  metric: Metric;
  figures: RowFiguresState;
  comparison: RowComparison | null;
}

/** "Download CSV": every row of the tab (not only those shown) in the card's order, with the table view's columns. */
export function CardCsvButton({ label, dimensionLabel, items, total, metric, figures, comparison }: Props) {
  const [busy, setBusy] = useState(false);
  const produce = async () => {
    const rows = await figures.load();
    return cardCsv({
      dimensionLabel,
      items,
      total,
      metric,
      rows,
      columns: rows ? figures.columns : [metric],
      comparison,
    });
  };
  // The same file in "Download view"'s ZIP.
  useViewFile(`card:${label}`, { name: figures.fileName, order: 10, produce });
  const save = async () => {
    setBusy(true);
    try {
      const text = await produce();
      const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
      downloadAttachment(url, figures.fileName);
      URL.revokeObjectURL(url);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="ghost" size="sm" onClick={() => void save()} disabled={busy} aria-label={`Download CSV, ${label}`}>
      <DownloadIcon className="size-4" />
      CSV
    </Button>
  );
}
