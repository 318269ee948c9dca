import { revokeInvitationRoute } from "@/lib/handlers/members";
import { noRoute } from "@/lib/server/methods";
import { route } from "@/lib/server/routes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = noRoute;
export const POST = noRoute;
export const PUT = noRoute;
export const PATCH = noRoute;
export const DELETE = route<{ slug: string; id: string }>((app, request, { slug, id }) =>
  revokeInvitationRoute(app, request, slug, id),
);
