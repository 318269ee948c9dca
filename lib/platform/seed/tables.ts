/** How each in-memory row maps onto the columns of schema.sql. */
import type { Column, TableSpec } from "./writer";
import type {
  ApiKey,
  Customer,
  Domain,
  Lead,
  Link,
  LinkCounters,
  NamedEntity,
  Partner,
  PartnerTagAssignment,
  Sale,
  Tag,
  Workspace,
} from "./types";

type Get<T, V> = (row: T, i: number) => V;
const text = <T>(name: string, get: Get<T, string | null>): Column<T> => ({ name, kind: "text", get });
const bool = <T>(name: string, get: Get<T, boolean>): Column<T> => ({ name, kind: "bool", get });
const int = <T>(name: string, get: Get<T, number>): Column<T> => ({ name, kind: "int", get });
const ts = <T>(name: string, get: Get<T, number | null>): Column<T> => ({ name, kind: "ts", get });
const list = <T>(name: string, get: Get<T, readonly string[]>): Column<T> => ({ name, kind: "list", get });
const jsonOrNull = (v: unknown): string | null => (v === null ? null : JSON.stringify(v));

export const WORKSPACES_TABLE: TableSpec<Workspace> = {
  table: "workspaces",
  columns: [
    text("id", (w) => w.id),
    text("slug", (w) => w.slug),
    text("name", (w) => w.name),
    text("plan", (w) => w.plan),
    text("default_program_id", (w) => w.defaultProgramId),
    ts("created_at", (w) => w.createdAt),
    text("program_url", (w) => (w.defaultProgramId ? `https://${w.def.site}/` : null)),
  ],
};

export const API_KEYS_TABLE: TableSpec<ApiKey> = {
  table: "api_keys",
  columns: [
    text("key_hash", (k) => k.keyHash),
    text("workspace_id", (k) => k.workspaceId),
    text("name", (k) => k.name),
  ],
};

export const DOMAINS_TABLE: TableSpec<Domain> = {
  table: "domains",
  columns: [
    text("workspace_id", (d) => d.workspaceId),
    text("slug", (d) => d.slug),
    bool("is_primary", (d) => d.isPrimary),
  ],
};

function namedTable(table: string): TableSpec<NamedEntity> {
  return {
    table,
    columns: [text("id", (e) => e.id), text("workspace_id", (e) => e.workspaceId), text("name", (e) => e.name)],
  };
}

export const FOLDERS_TABLE = namedTable("folders");
export const PARTNER_GROUPS_TABLE = namedTable("partner_groups");
export const PARTNER_TAGS_TABLE = namedTable("partner_tags");

export const TAGS_TABLE: TableSpec<Tag> = {
  table: "tags",
  columns: [...namedTable("tags").columns, text("color", (t: Tag) => t.color)],
};

export const PARTNERS_TABLE: TableSpec<Partner> = {
  table: "partners",
  columns: [
    ...namedTable("partners").columns,
    text("email", (p: Partner) => p.email),
    text("image", (p) => p.image),
    text("country", (p) => p.country),
    text("group_id", (p) => p.groupId),
    text("tenant_id", () => null),
    text("description", () => null),
    ts("enrolled_at", () => null),
  ],
};

export const PARTNER_TAG_ASSIGNMENTS_TABLE: TableSpec<PartnerTagAssignment> = {
  table: "partner_tag_assignments",
  columns: [text("partner_id", (a) => a.partnerId), text("partner_tag_id", (a) => a.partnerTagId)],
};

export function linksTable(counters: LinkCounters): TableSpec<Link> {
  return {
    table: "links",
    columns: [
      text("id", (l) => l.id),
      text("workspace_id", (l) => l.workspaceId),
      text("domain", (l) => l.domain),
      text("key", (l) => l.key),
      text("url", (l) => l.url),
      bool("track_conversion", (l) => l.trackConversion),
      text("external_id", (l) => l.externalId),
      text("tenant_id", (l) => l.tenantId),
      text("program_id", (l) => l.programId),
      text("partner_id", (l) => l.partnerId),
      bool("archived", (l) => l.archived),
      ts("expires_at", (l) => l.expiresAt),
      text("expired_url", (l) => l.expiredUrl),
      ts("disabled_at", (l) => l.disabledAt),
      text("password", (l) => l.password),
      bool("proxy", (l) => l.proxy),
      text("title", (l) => l.title),
      text("description", (l) => l.description),
      text("image", (l) => l.image),
      text("video", (l) => l.video),
      bool("rewrite", (l) => l.rewrite),
      bool("do_index", (l) => l.doIndex),
      text("ios", (l) => l.ios),
      text("android", (l) => l.android),
      text("geo", (l) => jsonOrNull(l.geo)),
      bool("public_stats", (l) => l.publicStats),
      text("folder_id", (l) => l.folderId),
      list("webhook_ids", (l) => l.webhookIds),
      text("comments", (l) => l.comments),
      text("utm_source", (l) => l.utmSource),
      text("utm_medium", (l) => l.utmMedium),
      text("utm_campaign", (l) => l.utmCampaign),
      text("utm_term", (l) => l.utmTerm),
      text("utm_content", (l) => l.utmContent),
      text("test_variants", (l) => jsonOrNull(l.testVariants)),
      ts("test_started_at", (l) => l.testStartedAt),
      ts("test_completed_at", (l) => l.testCompletedAt),
      text("user_id", (l) => l.userId),
      int("clicks", (_, i) => counters.clicks[i]!),
      int("leads", (_, i) => counters.leads[i]!),
      int("conversions", (_, i) => counters.conversions[i]!),
      int("sales", (_, i) => counters.sales[i]!),
      int("sale_amount", (_, i) => counters.saleAmount[i]!),
      ts("last_clicked", (_, i) => (Number.isNaN(counters.lastClicked[i]) ? null : counters.lastClicked[i]!)),
      ts("created_at", (l) => l.createdAt),
      ts("updated_at", (l) => l.updatedAt),
    ],
  };
}

export interface LinkTag {
  readonly linkId: string;
  readonly tagId: string;
  readonly position: number;
}

export const LINK_TAGS_TABLE: TableSpec<LinkTag> = {
  table: "link_tags",
  columns: [text("link_id", (t) => t.linkId), text("tag_id", (t) => t.tagId), int("position", (t) => t.position)],
};

export const CUSTOMERS_TABLE: TableSpec<Customer> = {
  table: "customers",
  columns: [
    text("id", (c) => c.id),
    text("workspace_id", (c) => c.workspaceId),
    text("external_id", (c) => c.externalId),
    text("name", (c) => c.name),
    text("email", (c) => c.email),
    text("avatar", (c) => c.avatar),
    text("country", (c) => c.country),
    ts("created_at", (c) => c.createdAt),
  ],
};

/** Conversions name their click by its generation index: written through conversion-writer.ts, which makes the id. */
export const LEAD_EVENTS_TABLE: TableSpec<Lead> = {
  table: "lead_events",
  columns: [
    text("id", (e) => e.id),
    text("workspace_id", (e) => e.workspaceId),
    int("click_id", (e) => e.clickIndex),
    text("link_id", (e) => e.linkId),
    text("customer_id", (e) => e.customerId),
    ts("timestamp", (e) => e.ts),
    text("event_name", (e) => e.eventName),
    text("metadata", (e) => e.metadata),
  ],
};

export const SALE_EVENTS_TABLE: TableSpec<Sale> = {
  table: "sale_events",
  columns: [
    text("id", (e) => e.id),
    text("workspace_id", (e) => e.workspaceId),
    int("click_id", (e) => e.clickIndex),
    text("link_id", (e) => e.linkId),
    text("customer_id", (e) => e.customerId),
    ts("timestamp", (e) => e.ts),
    text("event_name", (e) => e.eventName),
    int("amount", (e) => e.amount),
    text("currency", (e) => e.currency),
    text("invoice_id", (e) => e.invoiceId),
    text("payment_processor", (e) => e.processor),
    text("sale_type", (e) => e.saleType),
    text("metadata", (e) => e.metadata),
  ],
};
