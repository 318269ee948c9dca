/** How a session was opened: through the OIDC provider (single sign-on), or with a password (and maybe a second factor). */
export type SignInMethod = "oidc" | "password";

/** better-auth's paths that end an OIDC sign-in (generic OAuth's callback, and the social callback it may route through). */
const OIDC_CALLBACK = /^\/(oauth2\/)?callback\//;

/** The method of a session created on better-auth's `path` (the session-create hook's endpoint): null paths are the server's own. */
export function signInMethodOf(path: string | null | undefined): SignInMethod {
  return path && OIDC_CALLBACK.test(path) ? "oidc" : "password";
}
