import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface RunningIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback and a free port, for
 * tests of single sign-on: one confidential client whose redirect URI is the dashboard's
 * better-auth callback, PKCE required, its development login page (any login, any password: the
 * login becomes the subject, `<login>@sso.example` the verified email).
 */
export async function startIdp(dashboardOrigin: string): Promise<RunningIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "linklens-test";
  const clientSecret = "linklens-test-secret-0123456789abcdef";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${dashboardOrigin}/api/auth/callback/oidc`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        claims: async () => ({ sub, email: `${sub}@sso.example`, email_verified: true, name: `SSO ${sub}` }),
      };
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ["linklens-test-idp-cookie-key"] },
  });
  // oidc-provider logs its development warnings on first use; they are expected here.
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
