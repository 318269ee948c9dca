"use client";

import { createContext, use, type ReactNode } from "react";
import type { ApiScope } from "./apiScope";

const ApiScopeContext = createContext<ApiScope>("default");

/** The workspace or share link the page below reads (lib/scope/apiScope.ts): the first element of every query key. */
export function ApiScopeProvider({ scope, children }: { scope: ApiScope; children: ReactNode }) {
  return <ApiScopeContext value={scope}>{children}</ApiScopeContext>;
}

export function useApiScope(): ApiScope {
  return use(ApiScopeContext);
}
