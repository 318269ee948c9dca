import { pageShape, parseListParams, textParam } from "./listPages";
import { booleanParam } from "./params";

/** GET /domains: the workspace's domains, as the hosted platform lists them (its SDK's `domains.list`). */

export const DEFAULT_DOMAINS_PAGE_SIZE = 50;

export interface DomainsQuery {
  archived: boolean;
  search?: string;
  page: number;
  pageSize: number;
}

export const domainsShape = { archived: booleanParam("archived"), search: textParam("search"), ...pageShape };

export function parseDomainsQuery(params: URLSearchParams): DomainsQuery {
  const { parsed } = parseListParams(domainsShape, params);
  return {
    archived: parsed.archived ?? false,
    search: parsed.search,
    page: parsed.page ?? 1,
    pageSize: parsed.pageSize ?? DEFAULT_DOMAINS_PAGE_SIZE,
  };
}

/** A domain record: the hosted platform's fields, those the store has no data for at their defaults. */
export interface DomainRecord {
  id: string;
  slug: string;
  verified: boolean;
  primary: boolean;
  archived: boolean;
  placeholder: string | null;
  expiredUrl: string | null;
  notFoundUrl: string | null;
  logo: string | null;
  assetLinks: string | null;
  appleAppSiteAssociation: string | null;
  createdAt: string;
  updatedAt: string;
  registeredDomain: null;
}
