import { flagImage } from "@/lib/flags/flagImage";

export const runtime = "nodejs";

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  return flagImage((await params).file);
}
