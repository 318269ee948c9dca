import "server-only";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { AuditAction } from "../db/auditActions";
import { CLIENT_ADDRESS_HEADER, UNKNOWN_CLIENT } from "../http/clientAddress";

/** An account's own event, as better-auth makes it: the activity log records it (../audit). */
export interface AuthEvent {
  action: Extract<
    AuditAction,
    | "signed_in"
    | "signed_out"
    | "password_reset.requested"
    | "password_reset.completed"
    | "two_factor.enabled"
    | "two_factor.disabled"
  >;
  userId: string;
  email: string;
  clientAddress: string;
}

export type AuthEventSink = (event: AuthEvent) => Promise<void>;

/** Paths that end with a new session when they succeed (a second factor still pending leaves none). */
export const SIGN_IN_PATHS = [/^\/sign-in\//, /^\/callback\//, /^\/oauth2\/callback\//, /^\/two-factor\/verify-/];

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Two-factor paths a signed-in person calls on their own account (enrolment's code, turning it off): who they were before the call. */
const OWN_TWO_FACTOR_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/disable"]);
type Before = { userId: string; email: string; twoFactorEnabled: boolean };
const signedInBefore = new WeakMap<Request, Before>();

export function clientAddressOf(ctx: { request?: Request; headers?: Headers }): string {
  return ctx.request?.headers.get(CLIENT_ADDRESS_HEADER) ?? ctx.headers?.get(CLIENT_ADDRESS_HEADER) ?? UNKNOWN_CLIENT;
}

/**
 * A plugin that tells `sink` of sign-ins (any method), sign-outs, and two-factor turned on or off. Listed after the two-factor
 * plugin: its after-hook runs once two-factor has dropped the session of a sign-in still waiting
 * for its code, so only finished sign-ins are told.
 */
export function authEvents(sink: AuthEventSink): BetterAuthPlugin {
  return {
    id: "linklens-auth-events",
    hooks: {
      before: [
        {
          matcher: (ctx) => OWN_TWO_FACTOR_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx: HookContext) => {
            const found = await getSessionFromCtx(ctx);
            if (found && ctx.request) {
              const enabled = (found.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true;
              signedInBefore.set(ctx.request, {
                userId: found.user.id,
                email: found.user.email,
                twoFactorEnabled: enabled,
              });
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/sign-out",
          handler: createAuthMiddleware(async (ctx: HookContext) => {
            const found = await getSessionFromCtx(ctx);
            if (found)
              await sink({
                action: "signed_out",
                userId: found.user.id,
                email: found.user.email,
                clientAddress: clientAddressOf(ctx),
              });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => OWN_TWO_FACTOR_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx: HookContext) => {
            const before = ctx.request ? signedInBefore.get(ctx.request) : undefined;
            if (!before || ctx.context.returned instanceof APIError) return;
            const clientAddress = clientAddressOf(ctx);
            if (ctx.path === "/two-factor/disable")
              await sink({ action: "two_factor.disabled", userId: before.userId, email: before.email, clientAddress });
            // The code that finishes enrolment; a signed-in person's later codes change nothing.
            else if (!before.twoFactorEnabled)
              await sink({ action: "two_factor.enabled", userId: before.userId, email: before.email, clientAddress });
          }),
        },
        {
          matcher: (ctx) => SIGN_IN_PATHS.some((path) => path.test(ctx.path ?? "")),
          handler: createAuthMiddleware(async (ctx: HookContext) => {
            // A signed-in person's own two-factor code (enrolment) is not a sign-in, though it renews their session.
            if (ctx.request && signedInBefore.has(ctx.request)) return;
            const session = ctx.context.newSession;
            if (session)
              await sink({
                action: "signed_in",
                userId: session.user.id,
                email: session.user.email,
                clientAddress: clientAddressOf(ctx),
              });
          }),
        },
      ],
    },
  };
}
