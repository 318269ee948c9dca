import type { Db, Row } from "../query/db";
import { bool, json, ndate, nstr, str } from "../query/rows";
import { PLATFORM_DEFAULT_DOMAIN } from "../write/linkTargets";
import type { ShortLink } from "./destination";

const MAX_CACHED = 20_000;

function readShortLink(row: Row): ShortLink {
  return {
    id: str(row, "id"),
    workspaceId: str(row, "workspace_id"),
    url: str(row, "url"),
    trackConversion: bool(row, "track_conversion"),
    archived: bool(row, "archived"),
    expiresAt: ndate(row, "expires_at"),
    expiredUrl: nstr(row, "expired_url"),
    disabledAt: ndate(row, "disabled_at"),
    password: nstr(row, "password"),
    ios: nstr(row, "ios"),
    android: nstr(row, "android"),
    geo: json(row, "geo") as ShortLink["geo"],
    testVariants: json(row, "test_variants") as ShortLink["testVariants"],
  };
}

/**
 * The short links the resolver has looked up, by domain and key, and the domains it serves. A link
 * found is kept until it is edited or deleted (forgetLink, told by the link cache); one not found
 * is asked again next time, since it may be created meanwhile. Domains are read again once added.
 */
export class ShortLinks {
  private readonly found = new Map<string, ShortLink>();
  private domainSet: Promise<ReadonlySet<string>> | null = null;

  constructor(private readonly db: Db) {}

  /** Every workspace's domains and the platform's default one (the platform adds none while it runs). */
  domains(): Promise<ReadonlySet<string>> {
    this.domainSet ??= this.db.all(`SELECT DISTINCT slug FROM domains`, {}).then(
      (rows) => new Set([PLATFORM_DEFAULT_DOMAIN, ...rows.map((row) => str(row, "slug"))]),
      (err: unknown) => {
        this.domainSet = null;
        throw err;
      },
    );
    return this.domainSet;
  }

  /** The link changed: its next visit reads it again (under whatever domain and key it now has). */
  forgetLink(id: string): void {
    for (const [cacheKey, link] of this.found) if (link.id === id) this.found.delete(cacheKey);
  }

  /** A domain was added: the next request reads them again. */
  forgetDomains(): void {
    this.domainSet = null;
  }

  async find(domain: string, key: string): Promise<ShortLink | null> {
    const cacheKey = `${domain}/${key.toLowerCase()}`;
    const known = this.found.get(cacheKey);
    if (known) return known;
    const [row] = await this.db.all(
      `SELECT id, workspace_id, url, track_conversion, archived, expires_at, expired_url, disabled_at, password, ios, android, geo, test_variants
FROM links WHERE domain = $domain AND lower(key) = lower($key) ORDER BY key = $key DESC LIMIT 1`,
      { domain, key },
    );
    if (!row) return null;
    const link = readShortLink(row);
    if (this.found.size >= MAX_CACHED) this.found.delete(this.found.keys().next().value as string);
    this.found.set(cacheKey, link);
    return link;
  }
}
