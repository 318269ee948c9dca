"use client";

import type { Report } from "@/lib/url/keys";
import { Segmented } from "@/components/ui/Segmented";

const OPTIONS: readonly { value: Report; label: string }[] = [
  { value: "overview", label: "Overview" },
  { value: "partners", label: "Partners" },
  { value: "customers", label: "Customers" },
];

/** What the page shows under its figures; in the URL (`report=`), so a shared link opens the same report. */
export function ReportPicker({ report, onChange }: { report: Report; onChange: (report: Report) => void }) {
  return <Segmented label="Report" options={OPTIONS} value={report} onChange={onChange} size="md" />;
}
