/** In-memory model of the seed, one interface per table (timestamps are epoch milliseconds, UTC). */
import type { Audience } from "./ref-devices";
import type { Processor } from "./ref-money";
import type { WorkspaceDef, TagColor } from "./ref-workspaces";

/** Events happen in [start, end): the last `days` days up to `end` ("now"). */
export interface TimeWindow {
  readonly start: number;
  readonly end: number;
  readonly days: number;
}

export interface Workspace {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly plan: string;
  readonly defaultProgramId: string | null;
  readonly createdAt: number;
  readonly def: WorkspaceDef;
}

export interface ApiKey {
  readonly keyHash: string;
  readonly workspaceId: string;
  readonly name: string;
}

export interface Domain {
  readonly workspaceId: string;
  readonly slug: string;
  readonly isPrimary: boolean;
}

export interface NamedEntity {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
}

export interface Tag extends NamedEntity {
  readonly color: TagColor;
}

export interface Partner extends NamedEntity {
  readonly email: string;
  readonly image: string | null;
  readonly country: string;
  readonly groupId: string;
  /** Generation only: the slug used in keys and utm_source, and where the partner's audience comes from. */
  readonly slug: string;
  readonly channel: string;
}

export interface PartnerTagAssignment {
  readonly partnerId: string;
  readonly partnerTagId: string;
}

export interface TestVariant {
  readonly url: string;
  readonly percentage: number;
}

/** Generation-only properties of a link, never written. */
export interface LinkTraits {
  weight: number;
  readonly isRoot: boolean;
  readonly leadRate: number;
  readonly refererKey: string;
  readonly audience: Audience | null; // null: follow the referrer
  readonly qrShare: number | null; // null: by device
  readonly partnerCountry: string | null;
  readonly spike: Spike | null;
}

export interface Link {
  readonly id: string;
  readonly workspaceId: string;
  readonly domain: string;
  readonly key: string;
  readonly url: string;
  readonly trackConversion: boolean;
  readonly externalId: string | null;
  readonly tenantId: string | null;
  readonly programId: string | null;
  readonly partnerId: string | null;
  readonly archived: boolean;
  readonly expiresAt: number | null;
  readonly expiredUrl: string | null;
  readonly disabledAt: number | null;
  readonly password: string | null;
  readonly proxy: boolean;
  readonly title: string | null;
  readonly description: string | null;
  readonly image: string | null;
  readonly video: string | null;
  readonly rewrite: boolean;
  readonly doIndex: boolean;
  readonly ios: string | null;
  readonly android: string | null;
  readonly geo: Readonly<Record<string, string>> | null;
  readonly publicStats: boolean;
  readonly folderId: string | null;
  readonly webhookIds: readonly string[];
  readonly comments: string | null;
  readonly utmSource: string | null;
  readonly utmMedium: string | null;
  readonly utmCampaign: string | null;
  readonly utmTerm: string | null;
  readonly utmContent: string | null;
  readonly testVariants: readonly TestVariant[] | null;
  readonly testStartedAt: number | null;
  readonly testCompletedAt: number | null;
  readonly userId: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly tagIds: readonly string[];
  readonly traits: LinkTraits;
}

export interface LinkCounters {
  readonly clicks: Float64Array;
  readonly leads: Float64Array;
  readonly conversions: Float64Array;
  readonly sales: Float64Array;
  readonly saleAmount: Float64Array;
  readonly lastClicked: Float64Array; // NaN: never clicked
}

/** A workspace and everything configured in it. */
export interface Org {
  readonly workspace: Workspace;
  readonly apiKey: ApiKey;
  readonly domains: readonly Domain[];
  readonly folders: readonly NamedEntity[];
  readonly tags: readonly Tag[];
  readonly partnerGroups: readonly NamedEntity[];
  readonly partners: readonly Partner[];
  readonly partnerTags: readonly NamedEntity[];
  readonly partnerTagAssignments: readonly PartnerTagAssignment[];
  readonly userIds: readonly string[];
  readonly webhookIds: readonly string[];
  readonly tenantIds: readonly string[];
}

/** A burst of clicks on one campaign link (newsletter send, launch post...). */
export interface Spike {
  readonly workspaceSlug: string;
  readonly start: number;
  readonly meanHours: number;
  readonly share: number; // of the workspace's clicks
  readonly key: string;
  readonly source: string;
  readonly medium: string;
  readonly campaign: string;
  readonly path: string;
}

/**
 * Clicks in generation order, columnar (a chunk of them: clicks.ts); dimension indexes point into
 * ClickDims. A click's place in the whole generation (its "generation index") is what leads and
 * sales refer to it by: its id is made from it when the clicks are written (click-writer.ts).
 */
export interface ClickColumns {
  readonly count: number;
  readonly ts: Float64Array;
  readonly link: Int32Array;
  readonly geo: Uint16Array;
  readonly device: Uint16Array;
  readonly trigger: Uint8Array;
  readonly referer: Uint16Array;
  readonly url: Int32Array;
}

export interface RefererEntry {
  readonly host: string;
  readonly url: string;
}

export interface ClickDims {
  readonly urls: readonly string[];
  readonly referers: readonly RefererEntry[];
}

export const TRIGGERS = ["link", "qr", "pageview"] as const;
export type Trigger = (typeof TRIGGERS)[number];

export interface Customer {
  readonly id: string;
  readonly workspaceId: string;
  readonly externalId: string;
  readonly name: string | null;
  readonly email: string | null;
  readonly avatar: string | null;
  readonly country: string | null;
  readonly createdAt: number;
}

export interface Lead {
  readonly id: string;
  readonly workspaceId: string;
  /** The click's generation index (see ClickColumns). */
  readonly clickIndex: number;
  readonly linkIndex: number;
  readonly linkId: string;
  readonly customerId: string;
  readonly ts: number;
  readonly eventName: string;
  readonly metadata: string | null; // JSON text
}

export interface Sale {
  readonly id: string;
  readonly workspaceId: string;
  /** The click's generation index (see ClickColumns). */
  readonly clickIndex: number;
  readonly linkIndex: number;
  readonly linkId: string;
  readonly customerId: string;
  readonly ts: number;
  readonly eventName: string;
  /** USD cents, converted when the sale was tracked (the paid currency and amount are in metadata). */
  readonly amount: number;
  readonly currency: "usd";
  readonly invoiceId: string | null;
  readonly processor: Processor;
  readonly saleType: "new" | "recurring";
  readonly metadata: string | null;
}
