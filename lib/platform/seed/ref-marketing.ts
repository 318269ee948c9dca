/** Marketing vocabulary: UTM sources and mediums, campaigns, destination paths. */

export interface UtmSource {
  readonly source: string;
  readonly mediums: readonly (readonly [medium: string, weight: number])[];
  readonly weight: number;
}

export const UTM_SOURCES: readonly UtmSource[] = [
  {
    source: "google",
    mediums: [
      ["cpc", 8],
      ["display", 2],
    ],
    weight: 20,
  },
  { source: "newsletter", mediums: [["email", 1]], weight: 14 },
  {
    source: "linkedin",
    mediums: [
      ["social", 6],
      ["cpc", 4],
    ],
    weight: 12,
  },
  {
    source: "facebook",
    mediums: [
      ["paid_social", 6],
      ["social", 4],
    ],
    weight: 11,
  },
  { source: "twitter", mediums: [["social", 1]], weight: 8 },
  {
    source: "instagram",
    mediums: [
      ["social", 5],
      ["paid_social", 5],
    ],
    weight: 6,
  },
  { source: "youtube", mediums: [["video", 1]], weight: 5 },
  {
    source: "tiktok",
    mediums: [
      ["paid_social", 6],
      ["social", 4],
    ],
    weight: 5,
  },
  {
    source: "reddit",
    mediums: [
      ["social", 6],
      ["cpc", 4],
    ],
    weight: 4,
  },
  { source: "bing", mediums: [["cpc", 1]], weight: 3 },
  { source: "print", mediums: [["offline", 1]], weight: 3 },
  { source: "producthunt", mediums: [["referral", 1]], weight: 2 },
  { source: "hackernews", mediums: [["referral", 1]], weight: 2 },
];

/** Campaign names; year is the year of "now". */
export function campaigns(year: number): readonly string[] {
  return [
    `black_friday_${year - 1}`,
    `cyber_monday_${year - 1}`,
    `spring_sale_${year}`,
    `product_launch_${year}`,
    `summer_promo_${year}`,
    "webinar_series",
    "brand_awareness",
    "retargeting",
    `holiday_${year}`,
    `black_friday_${year}`,
    "onboarding_drip",
    "feature_announcement",
    "annual_plan_upsell",
    `conference_${year}`,
  ];
}

export const UTM_TERMS: readonly string[] = [
  "link management",
  "url shortener",
  "marketing analytics",
  "conversion tracking",
  "affiliate software",
  "qr code generator",
  "utm builder",
  "attribution tool",
  "branded links",
  "campaign tracking",
];

export const UTM_CONTENTS: readonly string[] = [
  "hero_cta",
  "banner_a",
  "banner_b",
  "sidebar",
  "footer",
  "carousel_1",
  "video_ad",
  "text_link",
  "story",
  "header",
];

/** Destination paths on the company's own site; [path, meaningful short key]. */
export const SITE_PATHS: readonly (readonly [path: string, key: string])[] = [
  ["/", "home"],
  ["/pricing", "pricing"],
  ["/features", "features"],
  ["/features/analytics", "analytics"],
  ["/features/automation", "automation"],
  ["/features/integrations", "integrations"],
  ["/signup", "signup"],
  ["/demo", "demo"],
  ["/changelog", "changelog"],
  ["/careers", "careers"],
  ["/about", "about"],
  ["/customers", "customers"],
  ["/security", "security"],
  ["/enterprise", "enterprise"],
  ["/contact", "contact"],
  ["/templates", "templates"],
  ["/partners", "partners"],
  ["/startups", "startups"],
  ["/compare", "compare"],
];

/** Subdomain and section for generated content pages. */
export const CONTENT_SECTIONS: readonly (readonly [host: string, section: string])[] = [
  ["", "/blog"],
  ["", "/guides"],
  ["", "/webinars"],
  ["", "/customers"],
  ["", "/events"],
  ["docs.", "/docs"],
  ["app.", "/onboarding"],
  ["", "/compare"],
  ["", "/integrations"],
];

export const SLUG_WORDS_A: readonly string[] = [
  "how",
  "why",
  "scaling",
  "launching",
  "measuring",
  "building",
  "automating",
  "tracking",
  "growing",
  "the",
];
export const SLUG_WORDS_B: readonly string[] = [
  "attribution",
  "onboarding",
  "retention",
  "pipeline",
  "partnerships",
  "analytics",
  "campaigns",
  "revenue",
  "referrals",
  "workflows",
  "dashboards",
  "funnels",
  "pricing",
  "growth",
  "conversions",
];
export const SLUG_WORDS_C: readonly string[] = [
  "in-2026",
  "playbook",
  "guide",
  "checklist",
  "case-study",
  "best-practices",
  "for-startups",
  "at-scale",
  "explained",
  "benchmarks",
  "lessons-learned",
  "made-simple",
];

/** Proxy (custom preview) titles; %s is the company name. */
export const PREVIEW_TITLES: readonly string[] = [
  "%s: the platform modern teams run on",
  "Try %s free for 14 days",
  "Meet the new %s dashboard",
  "%s customer stories",
  "Join our live webinar",
  "What is new in %s this month",
  "Save 30% on annual plans",
];

export const PREVIEW_DESCRIPTIONS: readonly string[] = [
  "See how teams cut manual work in half and ship campaigns faster.",
  "Everything you need to measure what works, in one place.",
  "Live walkthrough with our product team, followed by Q&A.",
  "Start free, upgrade when you grow. No credit card required.",
  "Real results from real customers, with the numbers to prove it.",
];

export const COMMENTS: readonly string[] = [
  "Used in the Q3 newsletter footer",
  "Printed on conference booth flyers",
  "Owner: growth team",
  "Do not change the destination: lives in a paid ad",
  "Replace after the campaign ends",
  "Shared in the community Slack",
  "Link from the podcast show notes",
  "Sales deck, slide 12",
];
