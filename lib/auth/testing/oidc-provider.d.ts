// The little of oidc-provider's API the test provider uses (the package ships no types).
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface ClientMetadata {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    grant_types: string[];
    response_types: string[];
  }

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients: ClientMetadata[];
    claims: Record<string, string[]>;
    findAccount(ctx: unknown, sub: string): Promise<Account>;
    features: { devInteractions: { enabled: boolean } };
    pkce: { required: () => boolean };
    cookies: { keys: string[] };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
