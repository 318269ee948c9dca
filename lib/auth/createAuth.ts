import "server-only";
import { betterAuth, type BetterAuthOptions, type User } from "better-auth";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Dialect } from "kysely";
import { CLIENT_ADDRESS_HEADER } from "../http/clientAddress";
import type { Mailer } from "../mail/mailer";
import { authEvents, clientAddressOf, type AuthEventSink } from "./authEvents";
import { resetMail } from "./resetMail";
import { hashPassword, verifyPassword } from "./passwords";
import type { SignInSettings } from "./settings";
import { signInMethodOf } from "./signInMethod";
import { themeOnSignIn, type ThemeOf } from "./themeOnSignIn";

export const OIDC_PROVIDER_ID = "oidc";
export const MIN_PASSWORD_LENGTH = 10;
const DAY_S = 24 * 60 * 60;
export const RESET_TOKEN_TTL_S = 60 * 60;

/**
 * better-auth's options: email + password (argon2id; sign-up only through the setup link and
 * invitations, which create accounts on the server), sessions stored in the database (revocable;
 * no cookie cache, so a revoked session is refused on its next request), httpOnly SameSite=Lax
 * cookies, Secure behind https, and OIDC through discovery when configured. The same options
 * drive better-auth's migrations (./authSchema.ts).
 */
export function authOptions(
  dialect: Dialect,
  settings: Pick<SignInSettings, "publicUrl" | "oidc"> & { secret?: string },
  trustedOrigins: readonly string[] = [],
  { libraryRateLimit = true, events, mailer = null, themeOf }: AuthExtras = {},
): BetterAuthOptions {
  const { publicUrl, oidc } = settings;
  return {
    appName: "Linklens",
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret: settings.secret,
    database: { dialect, type: "postgres" },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      // Password reset by email, when there is a mail server: the link is our page's, the token single-use, an hour.
      ...(mailer
        ? {
            resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_S,
            revokeSessionsOnPasswordReset: true,
            async sendResetPassword({ user, token }: { user: User; token: string }, request?: Request) {
              const url = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
              // Not awaited: the answer takes as long for an unknown address as for a known one.
              void mailer.send(resetMail(user.email, url, RESET_TOKEN_TTL_S / 60)).catch((error: unknown) => {
                console.error(
                  `linklens: the password-reset mail was not sent: ${error instanceof Error ? error.message : String(error)}`,
                );
              });
              await events?.({
                action: "password_reset.requested",
                userId: user.id,
                email: user.email,
                clientAddress: clientAddressOf({ request }),
              });
            },
            async onPasswordReset({ user }: { user: User }, request?: Request) {
              await events?.({
                action: "password_reset.completed",
                userId: user.id,
                email: user.email,
                clientAddress: clientAddressOf({ request }),
              });
            },
          }
        : {}),
    },
    session: {
      expiresIn: 7 * DAY_S,
      updateAge: DAY_S,
      cookieCache: { enabled: false },
      // How it was opened: a workspace that requires single sign-on opens only to "oidc" sessions.
      additionalFields: { signInMethod: { type: "string", required: false, input: false } },
    },
    databaseHooks: {
      session: {
        create: { before: async (session, ctx) => ({ data: { ...session, signInMethod: signInMethodOf(ctx?.path) } }) },
      },
    },
    // Per client and path, on top of the login throttle (./loginThrottle.ts); per replica, in memory.
    rateLimit: {
      enabled: libraryRateLimit,
      window: 60,
      max: 200,
      customRules: { "/sign-in/email": { window: 60, max: 30 } },
    },
    advanced: {
      useSecureCookies: publicUrl.startsWith("https:"),
      cookiePrefix: "linklens",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // One source of the client's address: ../http/clientAddress.ts, set by ../handlers/authRoute.ts on every request it hands on.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    trustedOrigins: [publicUrl, ...trustedOrigins],
    telemetry: { enabled: false },
    plugins: [
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: oidc.name,
                  discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
      // TOTP two-factor (an authenticator app; ten single-use backup codes, sealed at rest). It asks
      // for the code after a password sign-in only: an OIDC sign-in's second factor is the provider's.
      twoFactor({ issuer: "Linklens", backupCodeOptions: { amount: 10, length: 10 } }),
      ...(themeOf ? [themeOnSignIn(themeOf)] : []),
      // Last: its after-hooks see what the plugins before it left (../audit: sign-ins, sign-outs).
      ...(events ? [authEvents(events)] : []),
    ],
  };
}

export interface AuthExtras {
  /** better-auth's own per-address limiter (tests of the login throttle turn it off). */
  libraryRateLimit?: boolean;
  /** Where sign-ins, sign-outs, password resets and two-factor changes are told (the activity log). */
  events?: AuthEventSink;
  /** SMTP_URL's mailer: password reset by email is on when there is one. */
  mailer?: Mailer | null;
  /** A person's stored theme, which a sign-in copies into the browser's cookie (../store/preferences.ts). */
  themeOf?: ThemeOf;
}

/** `libraryRateLimit: false` (tests of the login throttle on a moved clock): better-auth's own per-address limiter, on the wall clock, off. */
export function createAuth(
  dialect: Dialect,
  settings: SignInSettings,
  trustedOrigins: readonly string[],
  options: AuthExtras = {},
) {
  return betterAuth(authOptions(dialect, settings, trustedOrigins, options));
}

export type Auth = ReturnType<typeof createAuth>;
