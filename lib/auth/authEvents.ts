import "server-only";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { AuditAction } from "../audit/actions";
import { CLIENT_ADDRESS_HEADER, UNKNOWN_CLIENT } from "../http/clientAddress";

/** An account's own event, as better-auth makes it: the activity log records it (../audit). */
export interface AuthEvent {
  action: Extract<AuditAction, "signed_in" | "signed_out" | "password_reset.requested" | "password_reset.completed" | "two_factor.enabled" | "two_factor.disabled">;
  userId: string;
  email: string;
  clientAddress: string;
}

export type AuthEventSink = (event: AuthEvent) => Promise<void>;

/** Paths that end with a new session when they succeed (a second factor still pending leaves none). */
const SIGN_IN_PATHS = [/^\/sign-in\//, /^\/callback\//, /^\/oauth2\/callback\//, /^\/two-factor\/verify-/];

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export function clientAddressOf(ctx: { request?: Request; headers?: Headers }): string {
  return ctx.request?.headers.get(CLIENT_ADDRESS_HEADER) ?? ctx.headers?.get(CLIENT_ADDRESS_HEADER) ?? UNKNOWN_CLIENT;
}

/**
 * A plugin that tells `sink` of sign-ins (any method) and sign-outs. Listed after the two-factor
 * plugin: its after-hook runs once two-factor has dropped the session of a sign-in still waiting
 * for its code, so only finished sign-ins are told.
 */
export function authEvents(sink: AuthEventSink): BetterAuthPlugin {
  return {
    id: "linklens-auth-events",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-out",
          handler: createAuthMiddleware(async (ctx: HookContext) => {
            const found = await getSessionFromCtx(ctx);
            if (found) await sink({ action: "signed_out", userId: found.user.id, email: found.user.email, clientAddress: clientAddressOf(ctx) });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => SIGN_IN_PATHS.some((path) => path.test(ctx.path ?? "")),
          handler: createAuthMiddleware(async (ctx: HookContext) => {
            const session = ctx.context.newSession;
            if (session) await sink({ action: "signed_in", userId: session.user.id, email: session.user.email, clientAddress: clientAddressOf(ctx) });
          }),
        },
      ],
    },
  };
}
