"use client";

// Next's own contexts behind useSearchParams(): no public API lets a page render at one address
// as if it were at another. They are the ones next/navigation reads (the build maps this path to
// the same module for the server's render and the browser's).
import {
  NavigationPromisesContext,
  SearchParamsContext,
} from "next/dist/shared/lib/hooks-client-context.shared-runtime";
import { renderQueryString } from "nuqs/adapters/custom";
import { useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { addressScript } from "./addressScript";

const subscribeNever = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * A share link opened at its bare address (`/s/<token>`), rendered at once at the link's own view
 * (`view`: its stored query) instead of answering with a redirect to `/s/<token>?<view>`: a round
 * trip less before anything renders. Its HTML carries a script (`addressScript`, with the page's
 * CSP nonce) that writes the view into the address bar as the browser reads it, before Next's
 * router starts, so the page's filters, a reload and a copied address all hold the whole view, in
 * the syntax the page's own changes write (nuqs's). What it wraps reads the view from
 * `useSearchParams()` (nuqs through it): on the server and while hydrating, which must match the
 * server's HTML, the link's view; then the address's, which holds the view from then on.
 */
export function ShareViewAddress({
  view,
  nonce,
  children,
}: {
  view: string;
  nonce: string | undefined;
  children: ReactNode;
}) {
  const linkView = useMemo(() => new URLSearchParams(view), [view]);
  const address = useContext(SearchParamsContext);
  const hydrated = useSyncExternalStore(subscribeNever, inBrowser, onServer);
  // The same object while the address holds the link's own view: no render of every reader for nothing.
  const shown =
    hydrated && address && address.size > 0 && address.toString() !== linkView.toString() ? address : linkView;
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: addressScript(renderQueryString(linkView)) }} />
      <SearchParamsContext.Provider value={shown}>
        {/* In development useSearchParams() reads its devtools' promise first, which holds the address's. */}
        <NavigationPromisesContext.Provider value={null}>{children}</NavigationPromisesContext.Provider>
      </SearchParamsContext.Provider>
    </>
  );
}
