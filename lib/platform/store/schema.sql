-- Embedded platform schema (DuckDB). Timestamps are TIMESTAMPTZ stored in UTC.
-- The seed inserts events by workspace, then in timestamp order (the writer appends new ones), so DuckDB's zone maps prune workspaces and time ranges.

CREATE TABLE workspaces (
  id VARCHAR PRIMARY KEY,            -- ws_...
  slug VARCHAR NOT NULL UNIQUE,
  name VARCHAR NOT NULL,
  plan VARCHAR NOT NULL,             -- free | pro | business | advanced | enterprise
  default_program_id VARCHAR,        -- prog_... (nullable)
  created_at TIMESTAMPTZ NOT NULL,
  program_url VARCHAR                -- the program's website: where a partner's default link leads (NULL without a program)
);

CREATE TABLE api_keys (
  key_hash VARCHAR PRIMARY KEY,      -- sha256 hex of the bearer key
  workspace_id VARCHAR NOT NULL,
  name VARCHAR NOT NULL
);

CREATE TABLE domains (
  workspace_id VARCHAR NOT NULL,
  slug VARCHAR NOT NULL,             -- e.g. acme.link
  is_primary BOOLEAN NOT NULL
);

CREATE TABLE folders (
  id VARCHAR PRIMARY KEY,            -- fold_...
  workspace_id VARCHAR NOT NULL,
  name VARCHAR NOT NULL
);

CREATE TABLE tags (
  id VARCHAR PRIMARY KEY,            -- tag_...
  workspace_id VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  color VARCHAR NOT NULL             -- red yellow green blue purple brown gray pink
);

CREATE TABLE partner_groups (
  id VARCHAR PRIMARY KEY,            -- grp_...
  workspace_id VARCHAR NOT NULL,
  name VARCHAR NOT NULL
);

CREATE TABLE partners (
  id VARCHAR PRIMARY KEY,            -- pn_...
  workspace_id VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  email VARCHAR NOT NULL,
  image VARCHAR,
  country VARCHAR,                   -- ISO 3166-1 alpha-2
  group_id VARCHAR NOT NULL,
  tenant_id VARCHAR,                 -- the client's own id for the partner; unique per workspace
  description VARCHAR,
  enrolled_at TIMESTAMPTZ            -- NULL for seeded partners: enrolled when their first link was made
);

CREATE TABLE partner_tags (
  id VARCHAR PRIMARY KEY,            -- ptag_...
  workspace_id VARCHAR NOT NULL,
  name VARCHAR NOT NULL
);

CREATE TABLE partner_tag_assignments (
  partner_id VARCHAR NOT NULL,
  partner_tag_id VARCHAR NOT NULL
);

CREATE TABLE links (
  id VARCHAR PRIMARY KEY,            -- link_...
  workspace_id VARCHAR NOT NULL,
  domain VARCHAR NOT NULL,
  key VARCHAR NOT NULL,              -- '_root' for root-domain links
  url VARCHAR NOT NULL,              -- destination, UTM parameters included in the query string
  track_conversion BOOLEAN NOT NULL,
  external_id VARCHAR,               -- client's own id (no ext_ prefix stored)
  tenant_id VARCHAR,
  program_id VARCHAR,
  partner_id VARCHAR,
  archived BOOLEAN NOT NULL,
  expires_at TIMESTAMPTZ,            -- NULL = never (emitted as the far-future sentinel)
  expired_url VARCHAR,
  disabled_at TIMESTAMPTZ,           -- NULL = never disabled (emitted as the sentinel)
  password VARCHAR,
  proxy BOOLEAN NOT NULL,
  title VARCHAR,
  description VARCHAR,
  image VARCHAR,
  video VARCHAR,
  rewrite BOOLEAN NOT NULL,
  do_index BOOLEAN NOT NULL,
  ios VARCHAR,
  android VARCHAR,
  geo JSON,                          -- {"US": "https://..."} or NULL
  public_stats BOOLEAN NOT NULL,
  folder_id VARCHAR,
  webhook_ids VARCHAR[] NOT NULL,
  comments VARCHAR,
  utm_source VARCHAR,
  utm_medium VARCHAR,
  utm_campaign VARCHAR,
  utm_term VARCHAR,
  utm_content VARCHAR,
  test_variants JSON,                -- [{"url":..., "percentage":...}] (2-4 items) or NULL
  test_started_at TIMESTAMPTZ,
  test_completed_at TIMESTAMPTZ,
  user_id VARCHAR,
  clicks BIGINT NOT NULL DEFAULT 0,  -- all-time counters, filled in after the events
  leads BIGINT NOT NULL DEFAULT 0,
  conversions BIGINT NOT NULL DEFAULT 0,
  sales BIGINT NOT NULL DEFAULT 0,
  sale_amount BIGINT NOT NULL DEFAULT 0,   -- cents, USD
  last_clicked TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE link_tags (
  link_id VARCHAR NOT NULL,
  tag_id VARCHAR NOT NULL,
  position INTEGER NOT NULL DEFAULT 0 -- the tag's place in the order given (a link lists its tags in that order)
);

CREATE TABLE customers (
  id VARCHAR PRIMARY KEY,            -- cus_...
  workspace_id VARCHAR NOT NULL,
  external_id VARCHAR NOT NULL,      -- the client's own id: a hosted customer is created from it; unique per workspace
  name VARCHAR,
  email VARCHAR,
  avatar VARCHAR,
  country VARCHAR,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE click_events (
  id VARCHAR NOT NULL,               -- 16 chars
  workspace_id VARCHAR NOT NULL,
  link_id VARCHAR NOT NULL,
  timestamp TIMESTAMPTZ NOT NULL,
  url VARCHAR NOT NULL,              -- destination reached
  country VARCHAR NOT NULL,          -- alpha-2
  city VARCHAR NOT NULL,
  region VARCHAR NOT NULL,           -- ISO 3166-2, e.g. US-CA
  continent VARCHAR NOT NULL,        -- AF AN AS EU NA OC SA
  device VARCHAR NOT NULL,           -- Desktop | Mobile | Tablet
  browser VARCHAR NOT NULL,
  os VARCHAR NOT NULL,
  ua VARCHAR,
  trigger VARCHAR NOT NULL,          -- link | qr | pageview
  referer VARCHAR NOT NULL,          -- hostname or (direct)
  referer_url VARCHAR NOT NULL,      -- full URL or (direct)
  ip VARCHAR NOT NULL
);

CREATE TABLE lead_events (
  id VARCHAR NOT NULL,               -- eventId
  workspace_id VARCHAR NOT NULL,
  click_id VARCHAR NOT NULL,
  link_id VARCHAR NOT NULL,
  customer_id VARCHAR NOT NULL,
  timestamp TIMESTAMPTZ NOT NULL,
  event_name VARCHAR NOT NULL,
  metadata JSON,
  -- The click's own values, copied when the event is written (query/eventTables.ts CLICK_DIMENSIONS):
  url VARCHAR NOT NULL,
  country VARCHAR NOT NULL,
  city VARCHAR NOT NULL,
  region VARCHAR NOT NULL,
  continent VARCHAR NOT NULL,
  device VARCHAR NOT NULL,
  browser VARCHAR NOT NULL,
  os VARCHAR NOT NULL,
  trigger VARCHAR NOT NULL,
  referer VARCHAR NOT NULL,
  referer_url VARCHAR NOT NULL
);

CREATE TABLE sale_events (
  id VARCHAR NOT NULL,               -- eventId
  workspace_id VARCHAR NOT NULL,
  click_id VARCHAR NOT NULL,
  link_id VARCHAR NOT NULL,
  customer_id VARCHAR NOT NULL,
  timestamp TIMESTAMPTZ NOT NULL,
  event_name VARCHAR NOT NULL,
  amount BIGINT NOT NULL,            -- smallest unit of currency: USD cents, as the hosted platform converts every sale when tracked
  currency VARCHAR NOT NULL,         -- lowercase ISO 4217: usd (the hosted platform keeps a currency it cannot convert as given)
  invoice_id VARCHAR,
  payment_processor VARCHAR NOT NULL, -- stripe | shopify | paddle | polar | custom
  sale_type VARCHAR NOT NULL,        -- new | recurring
  metadata JSON,
  -- The click's own values, copied when the event is written (query/eventTables.ts CLICK_DIMENSIONS):
  url VARCHAR NOT NULL,
  country VARCHAR NOT NULL,
  city VARCHAR NOT NULL,
  region VARCHAR NOT NULL,
  continent VARCHAR NOT NULL,
  device VARCHAR NOT NULL,
  browser VARCHAR NOT NULL,
  os VARCHAR NOT NULL,
  trigger VARCHAR NOT NULL,
  referer VARCHAR NOT NULL,
  referer_url VARCHAR NOT NULL
);

-- The seed's completion marker: one row, written last (lib/platform/store/seedMarker.ts). A file
-- without it was not completely written, and the platform refuses to serve it.
CREATE TABLE seed_info (
  format INTEGER NOT NULL,           -- SEED_FORMAT of the seed that wrote the file
  seed BIGINT NOT NULL,
  clicks BIGINT NOT NULL,
  days INTEGER NOT NULL,
  seeded_now TIMESTAMPTZ NOT NULL    -- the seed's "now": its events end there
);
