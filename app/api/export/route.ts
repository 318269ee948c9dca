import { exportCsv } from "@/lib/export/stream";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export function GET(request: Request): Promise<Response> {
  return exportCsv(request);
}
