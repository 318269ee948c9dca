import { listMembersRoute } from "@/lib/handlers/members";
import { onlyGet } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route<{ slug: string }>((app, request, { slug }) => listMembersRoute(app, request, slug));
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
