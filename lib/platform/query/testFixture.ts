import { createHash } from "node:crypto";
import { DuckDBInstance, listValue, timestampTZValue, type DuckDBValue } from "@duckdb/node-api";
import { openPlatform } from "../openPlatform";
import { readSchemaSql } from "../store/duckdbFile";
import type { Store } from "./store";
import type { ClickDimension } from "./eventTables";

/**
 * A tiny hand-made dataset in an in-memory DuckDB, for unit tests of the query layer:
 * two workspaces whose ids overlap in every way the filters care about.
 */

/** Bearer keys of the fixture's workspaces. */
export const FIXTURE_KEYS = {
  business: "key_acme",
  advanced: "key_globex",
  pro: "key_pro",
  free: "key_free",
  enterprise: "key_ent",
} as const;

export const NOW = new Date("2026-03-15T12:00:00.000Z");
const hoursAgo = (h: number) => timestampTZValue(BigInt(NOW.getTime() - h * 3_600_000) * 1000n);
const at = (iso: string) => timestampTZValue(BigInt(Date.parse(iso)) * 1000n);

type Values = Record<string, DuckDBValue>;

function linkRow(overrides: Values): Values {
  return {
    track_conversion: true,
    external_id: null,
    tenant_id: null,
    program_id: null,
    partner_id: null,
    archived: false,
    expires_at: null,
    expired_url: null,
    disabled_at: null,
    password: null,
    proxy: false,
    title: null,
    description: null,
    image: null,
    video: null,
    rewrite: false,
    do_index: false,
    ios: null,
    android: null,
    geo: null,
    public_stats: false,
    folder_id: null,
    webhook_ids: listValue(["wh_1"]),
    comments: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    test_variants: null,
    test_started_at: null,
    test_completed_at: null,
    user_id: null,
    clicks: 10,
    leads: 2,
    conversions: 1,
    sales: 2,
    sale_amount: 9800,
    last_clicked: null,
    created_at: at("2025-06-01T00:00:00Z"),
    updated_at: at("2025-06-02T00:00:00Z"),
    ...overrides,
  };
}

interface ClickSpec {
  id: string;
  ws: string;
  link: string;
  h: number;
  country: string;
  city: string;
  region: string;
  continent: string;
  device: string;
  browser: string;
  os: string;
  trigger: string;
  referer: string;
  url?: string;
  ua?: string | null;
}

const CLICKS: ClickSpec[] = [
  {
    id: "c1",
    ws: "ws_acme",
    link: "lnk_1",
    h: 1,
    country: "US",
    city: "San Francisco",
    region: "US-CA",
    continent: "NA",
    device: "Desktop",
    browser: "Chrome",
    os: "macOS",
    trigger: "link",
    referer: "google.com",
    ua: "Mozilla/5.0",
  },
  {
    id: "c2",
    ws: "ws_acme",
    link: "lnk_1",
    h: 2,
    country: "DE",
    city: "Berlin",
    region: "DE-BE",
    continent: "EU",
    device: "Mobile",
    browser: "Safari",
    os: "iOS",
    trigger: "qr",
    referer: "(direct)",
  },
  {
    id: "c3",
    ws: "ws_acme",
    link: "lnk_2",
    h: 3,
    country: "FR",
    city: "Paris",
    region: "FR-75",
    continent: "EU",
    device: "Tablet",
    browser: "Chrome",
    os: "Android",
    trigger: "pageview",
    referer: "twitter.com",
    url: "https://acme.com/",
  },
  {
    id: "c4",
    ws: "ws_acme",
    link: "lnk_3",
    h: 4,
    country: "US",
    city: "New York",
    region: "US-NY",
    continent: "NA",
    device: "Mobile",
    browser: "Chrome",
    os: "Android",
    trigger: "link",
    referer: "(direct)",
    url: "https://acme.com/summer",
  },
  // Same instant as c4: the id breaks the tie.
  {
    id: "c5",
    ws: "ws_acme",
    link: "lnk_3",
    h: 4,
    country: "JP",
    city: "Tokyo",
    region: "JP-13",
    continent: "AS",
    device: "Desktop",
    browser: "Firefox",
    os: "Windows",
    trigger: "qr",
    referer: "google.com",
    url: "https://acme.com/summer",
  },
  {
    id: "c6",
    ws: "ws_acme",
    link: "lnk_1",
    h: 30,
    country: "US",
    city: "San Francisco",
    region: "US-CA",
    continent: "NA",
    device: "Desktop",
    browser: "Chrome",
    os: "macOS",
    trigger: "link",
    referer: "google.com",
  },
  {
    id: "g1",
    ws: "ws_glob",
    link: "lnk_g",
    h: 1,
    country: "US",
    city: "Austin",
    region: "US-TX",
    continent: "NA",
    device: "Desktop",
    browser: "Chrome",
    os: "macOS",
    trigger: "link",
    referer: "google.com",
  },
  {
    id: "g2",
    ws: "ws_glob",
    link: "lnk_g",
    h: 2,
    country: "DE",
    city: "Berlin",
    region: "DE-BE",
    continent: "EU",
    device: "Mobile",
    browser: "Safari",
    os: "iOS",
    trigger: "qr",
    referer: "(direct)",
  },
];

interface ConversionSpec {
  id: string;
  ws: string;
  click: string;
  link: string;
  customer: string;
  h: number;
  metadata: string | null;
}

const LEADS: ConversionSpec[] = [
  {
    id: "l1",
    ws: "ws_acme",
    click: "c1",
    link: "lnk_1",
    customer: "cus_1",
    h: 0.5,
    metadata: `{"plan":"pro","source":"ads"}`,
  },
  {
    id: "l2",
    ws: "ws_acme",
    click: "c3",
    link: "lnk_2",
    customer: "cus_2",
    h: 2.5,
    metadata: `{"plan":"free","a/b":"x","it's":"q\\"uote"}`,
  },
  { id: "l3", ws: "ws_acme", click: "c4", link: "lnk_3", customer: "cus_3", h: 3.5, metadata: null },
  { id: "lg", ws: "ws_glob", click: "g1", link: "lnk_g", customer: "cus_g", h: 0.5, metadata: `{"plan":"pro"}` },
];

const SALES: (ConversionSpec & {
  amount: number;
  currency: string;
  invoice: string | null;
  processor: string;
  type: string;
})[] = [
  {
    id: "s1",
    ws: "ws_acme",
    click: "c1",
    link: "lnk_1",
    customer: "cus_1",
    h: 0.4,
    metadata: `{"plan":"pro"}`,
    amount: 4900,
    currency: "usd",
    invoice: "inv_1",
    processor: "stripe",
    type: "new",
  },
  {
    id: "s2",
    ws: "ws_acme",
    click: "c1",
    link: "lnk_1",
    customer: "cus_1",
    h: 0.3,
    metadata: null,
    amount: 4500,
    currency: "eur",
    invoice: null,
    processor: "paddle",
    type: "recurring",
  },
  {
    id: "s3",
    ws: "ws_acme",
    click: "c4",
    link: "lnk_3",
    customer: "cus_3",
    h: 3,
    metadata: `{"plan":"team"}`,
    amount: 1000,
    currency: "usd",
    invoice: "inv_3",
    processor: "shopify",
    type: "new",
  },
  {
    id: "sg",
    ws: "ws_glob",
    click: "g1",
    link: "lnk_g",
    customer: "cus_g",
    h: 0.4,
    metadata: `{"plan":"pro"}`,
    amount: 100,
    currency: "usd",
    invoice: null,
    processor: "stripe",
    type: "new",
  },
];

export interface Fixture {
  /** The fixture opened as the platform opens its file, derived state and all. */
  store: Store;
  close(): void;
}

export async function createFixture(): Promise<Fixture> {
  const instance = await DuckDBInstance.create(":memory:");
  const conn = await instance.connect();
  await conn.run(await readSchemaSql());
  const insert = async (table: string, row: Values) => {
    const columns = Object.keys(row);
    await conn.run(
      `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((column) => `$${column}`).join(", ")})`,
      row,
    );
  };

  await insert("workspaces", {
    id: "ws_acme",
    slug: "acme",
    name: "Acme",
    plan: "business",
    default_program_id: "prog_1",
    created_at: at("2025-01-01T00:00:00Z"),
  });
  await insert("workspaces", {
    id: "ws_glob",
    slug: "globex",
    name: "Globex",
    plan: "advanced",
    default_program_id: null,
    created_at: at("2025-02-01T00:00:00Z"),
  });
  for (const [id, plan] of [
    ["ws_pro", "pro"],
    ["ws_free", "free"],
    ["ws_ent", "enterprise"],
  ]) {
    await insert("workspaces", {
      id,
      slug: id,
      name: id,
      plan,
      default_program_id: null,
      created_at: at("2025-03-01T00:00:00Z"),
    });
  }
  for (const [key, ws] of [
    [FIXTURE_KEYS.business, "ws_acme"],
    [FIXTURE_KEYS.advanced, "ws_glob"],
    [FIXTURE_KEYS.pro, "ws_pro"],
    [FIXTURE_KEYS.free, "ws_free"],
    [FIXTURE_KEYS.enterprise, "ws_ent"],
  ]) {
    await insert("api_keys", {
      key_hash: createHash("sha256").update(key).digest("hex"),
      workspace_id: ws,
      name: "test",
    });
  }
  for (const [id, ws, name, color] of [
    ["tag_b", "ws_acme", "Beta", "blue"],
    ["tag_a", "ws_acme", "Alpha", "red"],
    ["tag_g", "ws_glob", "Gamma", "green"],
  ]) {
    await insert("tags", { id, workspace_id: ws, name, color });
  }
  for (const [id, ws, group] of [
    ["pn_1", "ws_acme", "grp_1"],
    ["pn_2", "ws_acme", "grp_2"],
    ["pn_g", "ws_glob", "grp_g"],
  ]) {
    await insert("partners", {
      id,
      workspace_id: ws,
      name: id,
      email: `${id}@example.com`,
      image: null,
      country: "US",
      group_id: group,
    });
  }
  await insert("partner_tag_assignments", { partner_id: "pn_1", partner_tag_id: "ptag_1" });
  await insert("partner_tag_assignments", { partner_id: "pn_g", partner_tag_id: "ptag_g" });

  await insert(
    "links",
    linkRow({
      id: "lnk_1",
      workspace_id: "ws_acme",
      domain: "acme.link",
      key: "spring",
      url: "https://acme.com/spring",
      external_id: "abc",
      tenant_id: "ten_1",
      program_id: "prog_1",
      partner_id: "pn_1",
      folder_id: "fold_1",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "spring",
      utm_term: "shoes",
      utm_content: "banner",
    }),
  );
  await insert(
    "links",
    linkRow({
      id: "lnk_2",
      workspace_id: "ws_acme",
      domain: "acme.link",
      key: "_root",
      url: "https://acme.com/",
      expires_at: at("2027-01-01T00:00:00Z"),
      disabled_at: at("2026-12-01T00:00:00Z"),
      geo: `{"US":"https://us.acme.com/"}`,
      test_variants: `[{"url":"https://acme.com/a","percentage":50},{"url":"https://acme.com/b","percentage":50}]`,
      test_started_at: at("2025-07-01T00:00:00Z"),
      test_completed_at: at("2025-08-01T00:00:00Z"),
      last_clicked: hoursAgo(3),
      webhook_ids: listValue(["wh_1", "wh_2"]),
    }),
  );
  await insert(
    "links",
    linkRow({
      id: "lnk_3",
      workspace_id: "ws_acme",
      domain: "go.acme.com",
      key: "summer",
      url: "https://acme.com/summer",
      tenant_id: "ten_2",
      partner_id: "pn_2",
      folder_id: "fold_2",
      utm_source: "newsletter",
    }),
  );
  await insert(
    "links",
    linkRow({
      id: "lnk_g",
      workspace_id: "ws_glob",
      domain: "globex.link",
      key: "spring",
      url: "https://globex.com/",
      external_id: "abc",
      tenant_id: "ten_1",
      partner_id: "pn_g",
      folder_id: "fold_g",
      utm_source: "google",
    }),
  );
  for (const [link, tag] of [
    ["lnk_1", "tag_b"],
    ["lnk_1", "tag_a"],
    ["lnk_3", "tag_b"],
    ["lnk_g", "tag_g"],
  ]) {
    await insert("link_tags", { link_id: link, tag_id: tag });
  }
  for (const [id, ws] of [
    ["cus_1", "ws_acme"],
    ["cus_2", "ws_acme"],
    ["cus_3", "ws_acme"],
    ["cus_g", "ws_glob"],
  ]) {
    await insert("customers", {
      id,
      workspace_id: ws,
      external_id: `ext-${id}`,
      name: `Name ${id}`,
      email: `${id}@example.com`,
      avatar: null,
      country: "US",
      created_at: at("2025-09-01T00:00:00Z"),
    });
  }
  const clickValues = new Map<string, Values>();
  for (const c of CLICKS) {
    const values = {
      url: c.url ?? "https://acme.com/spring",
      country: c.country,
      city: c.city,
      region: c.region,
      continent: c.continent,
      device: c.device,
      browser: c.browser,
      os: c.os,
      trigger: c.trigger,
      referer: c.referer,
      referer_url: c.referer === "(direct)" ? "(direct)" : `https://${c.referer}/path`,
    } satisfies Record<ClickDimension, string>;
    clickValues.set(c.id, values);
    await insert("click_events", {
      id: c.id,
      workspace_id: c.ws,
      link_id: c.link,
      timestamp: hoursAgo(c.h),
      ua: c.ua ?? null,
      ip: "203.0.113.7",
      ...values,
    });
  }
  // A conversion carries its click's values, as the writer and the seed copy them.
  const ofClick = (id: string): Values => {
    const values = clickValues.get(id);
    if (!values) throw new Error(`fixture: no click ${id}`);
    return values;
  };
  for (const l of LEADS) {
    await insert("lead_events", {
      id: l.id,
      workspace_id: l.ws,
      click_id: l.click,
      link_id: l.link,
      customer_id: l.customer,
      timestamp: hoursAgo(l.h),
      event_name: "Sign up",
      metadata: l.metadata,
      ...ofClick(l.click),
    });
  }
  for (const s of SALES) {
    await insert("sale_events", {
      id: s.id,
      workspace_id: s.ws,
      click_id: s.click,
      link_id: s.link,
      customer_id: s.customer,
      timestamp: hoursAgo(s.h),
      event_name: "Purchase",
      amount: s.amount,
      currency: s.currency,
      invoice_id: s.invoice,
      payment_processor: s.processor,
      sale_type: s.type,
      metadata: s.metadata,
      ...ofClick(s.click),
    });
  }
  conn.closeSync();
  const platform = await openPlatform({ instance }, { poolSize: 2 });
  return {
    store: platform.store,
    close() {
      platform.close();
      instance.closeSync();
    },
  };
}
