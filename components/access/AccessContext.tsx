"use client";

import { createContext, use, type ReactNode } from "react";
import type { Capabilities } from "@/lib/access/access";

/** The loopback dashboard without sign-in: its person may do everything. */
const EVERYTHING: Capabilities = {
  export: true,
  revealIps: true,
  saveViews: true,
  annotate: true,
  share: true,
  manage: true,
  shared: false,
};

const AccessContext = createContext<Capabilities>(EVERYTHING);

/** What the page's requester may do (decided on the server, which enforces it on every request): to leave out what would be refused. */
export function AccessProvider({ capabilities, children }: { capabilities: Capabilities; children: ReactNode }) {
  return <AccessContext value={capabilities}>{children}</AccessContext>;
}

export function useCapabilities(): Capabilities {
  return use(AccessContext);
}
