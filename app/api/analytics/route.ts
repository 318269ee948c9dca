import { proxyGet } from "@/lib/upstream/proxy";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export function GET(request: Request): Promise<Response> {
  return proxyGet("analytics", request);
}
