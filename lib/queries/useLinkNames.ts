"use client";

import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { LINK_NAME_PARAM, MAX_LINK_NAMES } from "../contract/linkNames";
import { nameOptionsSchema, type NameOption } from "../contract/names";
import { PRIORITY, fetchJson } from "./fetchJson";
import type { ApiScope } from "../scope/apiScope";
import { useApiScope } from "../scope/ApiScopeContext";
import { RequestError } from "./requestError";

/**
 * Names of links a chip shows that its breakdown's rows do not name (a link outside the top ones,
 * opened from a pasted URL): read by id through the platform's link detail, kept a minute. No
 * request while `ids` is empty; a link not found keeps its id.
 */
export function useLinkNames(ids: readonly string[]): ReadonlyMap<string, string> {
  const scope = useApiScope();
  const asked = [...new Set(ids)].sort().slice(0, MAX_LINK_NAMES);
  const names = useQuery(linkNamesQueryOptions(scope, asked));
  return new Map((names.data ?? []).map((n) => [n.value, n.label]));
}

function linkNamesQueryOptions(scope: ApiScope, ids: readonly string[]) {
  return queryOptions<NameOption[], RequestError, NameOption[], readonly unknown[]>({
    queryKey: [scope, "names", LINK_NAME_PARAM, ...ids],
    staleTime: 60_000,
    retry: false,
    queryFn:
      // Share links are refused names (their holder narrows by what the page shows).
      ids.length > 0 && !scope.startsWith("s/")
        ? async ({ signal }) => {
            const query = new URLSearchParams([["param", LINK_NAME_PARAM], ...ids.map((id) => ["value", id])]);
            const read = nameOptionsSchema.safeParse(
              await fetchJson(scope, `/api/names?${query.toString()}`, signal, PRIORITY.visible),
            );
            if (!read.success)
              throw new RequestError(200, "invalid_response", "The dashboard sent link names it cannot read.");
            return read.data;
          }
        : skipToken,
  });
}
