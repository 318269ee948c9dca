/** The four demo workspaces: everything about them that is configuration rather than random. */

export type TagColor = "red" | "yellow" | "green" | "blue" | "purple" | "brown" | "gray" | "pink";

export interface FeaturedLink {
  readonly domain: string;
  readonly key: string;
  readonly path: string;
  readonly utm: readonly [source: string, medium: string, campaign: string] | null;
  readonly trackConversion: boolean;
}

export interface WorkspaceDef {
  readonly slug: string;
  readonly name: string;
  readonly plan: "free" | "pro" | "business" | "advanced" | "enterprise";
  readonly apiKey: string;
  /** Share of all clicks; hooli gets a handful instead (see HOOLI_CLICK_SHARE). */
  readonly clickShare: number;
  readonly domains: readonly string[]; // first one is primary
  readonly site: string;
  readonly folders: readonly string[];
  readonly tags: readonly (readonly [name: string, color: TagColor])[];
  readonly partnerGroups: readonly string[];
  readonly partnerTags: readonly string[];
  readonly partnerCount: number;
  readonly linkCount: number; // random links, on top of featured and root links
  readonly tenants: number;
  readonly users: number;
  readonly webhooks: number;
  readonly countryTilt: Readonly<Record<string, number>>;
  readonly leadRate: number; // leads per click on conversion-tracked links
  readonly buyRate: number; // share of customers who buy
  readonly ageDays: number; // workspace created this many days before now
  readonly featured: readonly FeaturedLink[];
}

export const WORKSPACES: readonly WorkspaceDef[] = [
  {
    slug: "acme",
    name: "Acme Inc",
    plan: "business",
    apiKey: "demo_business_key",
    clickShare: 0.7,
    domains: ["acme.link", "go.acme.com", "acme.sh"],
    site: "acme.com",
    folders: ["Marketing", "Product launches", "Partners", "Social", "Events", "Sales enablement"],
    tags: [
      ["Q4", "red"],
      ["paid", "yellow"],
      ["organic", "green"],
      ["newsletter", "blue"],
      ["launch", "purple"],
      ["evergreen", "brown"],
      ["internal", "gray"],
      ["social", "pink"],
      ["events", "blue"],
      ["partners", "green"],
    ],
    partnerGroups: ["Default", "Creators", "Agencies"],
    partnerTags: ["Top performer", "New", "YouTube", "Newsletter", "EMEA"],
    partnerCount: 28,
    linkCount: 320,
    tenants: 6,
    users: 5,
    webhooks: 3,
    countryTilt: { US: 1.3 },
    leadRate: 0.034,
    buyRate: 0.33,
    ageDays: 1100,
    featured: [
      { domain: "acme.link", key: "pricing", path: "/pricing", utm: null, trackConversion: true },
      {
        domain: "acme.link",
        key: "demo",
        path: "/demo",
        utm: ["google", "cpc", "brand_awareness"],
        trackConversion: true,
      },
      {
        domain: "go.acme.com",
        key: "webinar",
        path: "/webinars/attribution-explained",
        utm: ["linkedin", "social", "webinar_series"],
        trackConversion: true,
      },
      {
        domain: "acme.link",
        key: "newsletter",
        path: "/blog",
        utm: ["newsletter", "email", "onboarding_drip"],
        trackConversion: false,
      },
      { domain: "acme.sh", key: "docs", path: "/docs/getting-started", utm: null, trackConversion: false },
    ],
  },
  {
    slug: "globex",
    name: "Globex Corporation",
    plan: "advanced",
    apiKey: "demo_advanced_key",
    clickShare: 0.2,
    domains: ["gbx.link", "go.globex.com", "globex.to", "l.globex.de"],
    site: "globex.com",
    folders: ["Campaigns", "EMEA", "Affiliates", "Docs", "Webinars"],
    tags: [
      ["EMEA", "blue"],
      ["DACH", "yellow"],
      ["paid", "red"],
      ["organic", "green"],
      ["webinar", "purple"],
      ["reseller", "brown"],
      ["ads", "pink"],
      ["archive", "gray"],
    ],
    partnerGroups: ["Default", "Resellers", "Influencers"],
    partnerTags: ["VIP", "Reseller", "DACH", "Dormant"],
    partnerCount: 18,
    linkCount: 220,
    tenants: 4,
    users: 4,
    webhooks: 2,
    countryTilt: { US: 0.6, DE: 3, FR: 2, NL: 2, GB: 1.4, AT: 2.5, CH: 2.5, PL: 1.5 },
    leadRate: 0.026,
    buyRate: 0.35,
    ageDays: 800,
    featured: [
      {
        domain: "gbx.link",
        key: "trial",
        path: "/signup",
        utm: ["google", "cpc", "retargeting"],
        trackConversion: true,
      },
      { domain: "go.globex.com", key: "partners", path: "/partners", utm: null, trackConversion: true },
      {
        domain: "l.globex.de",
        key: "angebot",
        path: "/de/pricing",
        utm: ["newsletter", "email", "annual_plan_upsell"],
        trackConversion: true,
      },
    ],
  },
  {
    slug: "initech",
    name: "Initech",
    plan: "pro",
    apiKey: "demo_pro_key",
    clickShare: 0.1,
    domains: ["initech.link", "get.initech.com"],
    site: "initech.com",
    folders: ["Growth", "Partners", "Newsletter", "Support"],
    tags: [
      ["growth", "green"],
      ["support", "gray"],
      ["paid", "yellow"],
      ["community", "pink"],
      ["launch", "purple"],
      ["tps", "red"],
    ],
    partnerGroups: ["Default", "Affiliates"],
    partnerTags: ["Tech", "Finance", "New"],
    partnerCount: 12,
    linkCount: 150,
    tenants: 3,
    users: 3,
    webhooks: 1,
    countryTilt: { IN: 2, BR: 1.5 },
    leadRate: 0.034,
    buyRate: 0.3,
    ageDays: 600,
    featured: [
      {
        domain: "initech.link",
        key: "start",
        path: "/signup",
        utm: ["twitter", "social", "product_launch"],
        trackConversion: true,
      },
      { domain: "get.initech.com", key: "tps-report", path: "/templates/tps-report", utm: null, trackConversion: true },
    ],
  },
  {
    slug: "hooli",
    name: "Hooli",
    plan: "free",
    apiKey: "demo_free_key",
    clickShare: 0,
    domains: ["hooli.link", "go.hooli.xyz"],
    site: "hooli.xyz",
    folders: ["Launch", "Social", "Press", "Misc"],
    tags: [
      ["press", "blue"],
      ["social", "pink"],
      ["launch", "purple"],
      ["beta", "yellow"],
      ["internal", "gray"],
      ["nucleus", "green"],
    ],
    partnerGroups: [],
    partnerTags: [],
    partnerCount: 0,
    linkCount: 16,
    tenants: 0,
    users: 2,
    webhooks: 0,
    countryTilt: {},
    leadRate: 0.04,
    buyRate: 0.25,
    ageDays: 120,
    featured: [{ domain: "hooli.link", key: "nucleus", path: "/nucleus", utm: null, trackConversion: true }],
  },
];

/** hooli (free plan) gets a handful of clicks: this share, at least HOOLI_MIN_CLICKS. */
export const HOOLI_CLICK_SHARE = 0.0002;
export const HOOLI_MIN_CLICKS = 5;
