import { eventsRoute } from "@/lib/handlers/data";
import { onlyGet } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route<{ slug: string }>((app, request, { slug }) =>
  eventsRoute(app, request, { kind: "workspace", slug }),
);
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
