import { headers } from "next/headers";
import { visitScript } from "./visitScript";

/**
 * Tells the server the link's page is open; the server counts one open per visitor session, so
 * reloads do not inflate the count, and a client that runs no script (a link preview) counts none.
 * Sent by a script in the HTML itself (with the page's CSP nonce) as soon as the browser reads it:
 * not from an effect once the page has hydrated, which left a request in flight after the first
 * screen was up. A script React inserts on the client is not run: the page is reached by a full
 * load (an opened link, a reload after its password), never by a client-side navigation.
 */
export async function CountVisit({ token }: { token: string }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: visitScript(token) }} />;
}
