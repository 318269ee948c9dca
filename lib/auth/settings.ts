import "server-only";

/** OpenID Connect single sign-on: any provider with discovery (Google Workspace, Okta, Keycloak, …). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-in button says: "Sign in with <name>". */
  name: string;
}

export interface SignInSettings {
  /** Signs sessions and share-link unlocks, and keys the workspace keys' encryption. */
  secret: string;
  /** The origin people reach the dashboard at; sessions and OIDC callbacks are built on it. */
  publicUrl: string;
  oidc: OidcSettings | null;
}

export const MIN_SECRET_LENGTH = 32;

/**
 * Sign-in is configured when LINKLENS_SECRET is set (at least 32 characters): from then on every
 * page and API route asks for a session or a share link. Unset, the dashboard serves loopback
 * only (scripts/start.mjs refuses to bind further) and the person at the keyboard is its owner.
 * Throws a message naming what to set when the environment is half-configured.
 */
export function signInSettings(env: Readonly<Record<string, string | undefined>>): SignInSettings | null {
  const secret = env.LINKLENS_SECRET?.trim();
  if (!secret) return null;
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`LINKLENS_SECRET must be at least ${MIN_SECRET_LENGTH} characters (e.g. openssl rand -base64 32).`);
  const publicUrl = publicOrigin(env) ?? `http://127.0.0.1:${env.PORT?.trim() || "3000"}`;
  const issuer = env.AUTH_OIDC_ISSUER?.trim();
  let oidc: OidcSettings | null = null;
  if (issuer) {
    const clientId = env.AUTH_OIDC_CLIENT_ID?.trim();
    const clientSecret = env.AUTH_OIDC_CLIENT_SECRET?.trim();
    if (!clientId || !clientSecret)
      throw new Error("AUTH_OIDC_ISSUER is set: set AUTH_OIDC_CLIENT_ID and AUTH_OIDC_CLIENT_SECRET too.");
    oidc = { issuer: issuer.replace(/\/+$/, ""), clientId, clientSecret, name: env.AUTH_OIDC_NAME?.trim() || "SSO" };
  }
  return { secret, publicUrl, oidc };
}

/** PUBLIC_URL's origin, or null when unset; throws when it is not an http(s) URL. */
export function publicOrigin(env: Readonly<Record<string, string | undefined>>): string | null {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL such as https://linklens.example.com, got "${raw}".`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`PUBLIC_URL must start with https:// or http://, got "${raw}".`);
  return url.origin;
}
