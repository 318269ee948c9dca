"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { Suspense, useState, type ReactNode } from "react";
import { NavigationLanding } from "@/components/ui/NavigationLanding";
import { QUERY_DEFAULTS } from "@/lib/queries/queryPolicy";

function makeQueryClient() {
  return new QueryClient({ defaultOptions: QUERY_DEFAULTS });
}

export function Providers({ children }: { children: ReactNode }) {
  // One client per browser tab (and per server request), created once.
  const [queryClient] = useState(makeQueryClient);
  return (
    <NuqsAdapter>
      {/* Its own boundary: it reads the query, which a statically rendered page only knows in the browser. */}
      <Suspense fallback={null}>
        <NavigationLanding />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </NuqsAdapter>
  );
}
