import type { Db, Row } from "../query/db";
import { bool, json, ndate, nstr, str } from "../query/rows";
import { PLATFORM_DEFAULT_DOMAIN } from "../write/linkTargets";
import type { ShortLink } from "./destination";

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

/** Every link by domain and key: the key as written, and lower-cased (keys match case-insensitively, an exact match first). */
interface LinkTable {
  exact: Map<string, ShortLink>;
  folded: Map<string, ShortLink>;
}

const LINK_COLUMNS =
  "id, workspace_id, domain, key, url, track_conversion, archived, expires_at, expired_url, disabled_at, password, ios, android, geo, test_variants";

async function readLinks(db: Db): Promise<LinkTable> {
  const rows = await db.all(`SELECT ${LINK_COLUMNS} FROM links ORDER BY id`, {});
  const table: LinkTable = { exact: new Map(), folded: new Map() };
  for (const row of rows) {
    const domain = str(row, "domain");
    const key = str(row, "key");
    const link = readShortLink(row);
    table.exact.set(`${domain}/${key}`, link);
    const folded = `${domain}/${key.toLowerCase()}`;
    if (!table.folded.has(folded)) table.folded.set(folded, link);
  }
  return table;
}

async function readDomains(db: Db): Promise<ReadonlySet<string>> {
  const rows = await db.all(`SELECT DISTINCT slug FROM domains`, {});
  return new Set([PLATFORM_DEFAULT_DOMAIN, ...rows.map((row) => str(row, "slug"))]);
}

/**
 * The resolver's tables: every short link and every domain, read from the store once and kept in
 * memory, so that a visit is resolved without a statement. The writer says when a committed write
 * changed either (StoreWriter.onLinkChange): the table is read again, and visits that arrive
 * meanwhile wait for the new one (a read-only platform's never change).
 */
export class ShortLinks {
  private links: Promise<LinkTable> | null = null;
  private domainSet: Promise<ReadonlySet<string>> | null = null;

  constructor(private readonly db: Db) {}

  /** Reads the tables again before the next lookup. */
  changed(change: { links: boolean; domains: boolean }): void {
    if (change.links) this.links = null;
    if (change.domains) this.domainSet = null;
  }

  /** Every workspace's domains and the platform's default one. */
  domains(): Promise<ReadonlySet<string>> {
    const reading = (this.domainSet ??= readDomains(this.db));
    return reading.catch((err: unknown) => {
      if (this.domainSet === reading) this.domainSet = null;
      throw err;
    });
  }

  async find(domain: string, key: string): Promise<ShortLink | null> {
    const reading = (this.links ??= readLinks(this.db));
    let table: LinkTable;
    try {
      table = await reading;
    } catch (err) {
      if (this.links === reading) this.links = null;
      throw err;
    }
    return table.exact.get(`${domain}/${key}`) ?? table.folded.get(`${domain}/${key.toLowerCase()}`) ?? null;
  }
}
