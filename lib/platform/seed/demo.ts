/**
 * Well-known ids of the seeded demo data, for tests and docs. They do not depend on --seed, --clicks,
 * --days or --now (demo.test.ts checks them against the generator and a seeded database).
 * Local-only keys: never use them outside the embedded platform.
 */

export interface DemoLink {
  readonly id: string;
  readonly domain: string;
  readonly key: string;
}

export const DEMO = {
  acme: {
    id: "ws_HW9nCQMwbZcpIbKCfxCnDSlF",
    slug: "acme",
    plan: "business",
    apiKey: "demo_business_key",
    domains: ["acme.link", "go.acme.com", "acme.sh"],
    defaultProgramId: "prog_gyL27zMEgCCzsWLJ1jKNuNCv",
    links: {
      root: { id: "link_nSbvfs2VmJW9gf3KQ4Lhy1Qj", domain: "acme.link", key: "_root" },
      pricing: { id: "link_d9G1uQxWXyEKKFLIqlWh1DOj", domain: "acme.link", key: "pricing" },
      demo: { id: "link_s2QIlAiI8NKgHHlSqxURYl7h", domain: "acme.link", key: "demo" },
      webinar: { id: "link_cDvGyGtLT08ekWlQGGf2JSLR", domain: "go.acme.com", key: "webinar" },
      newsletter: { id: "link_FDYCRshDcNWR0v4YhMQVPXsM", domain: "acme.link", key: "newsletter" },
      docs: { id: "link_2uWNjup34BeomVWqbHQHCZKD", domain: "acme.sh", key: "docs" },
    },
    folders: {
      Marketing: "fold_apQHujlp4ml6kmz3Hb8KCNov",
      "Product launches": "fold_a1PjaAIvXvGqn8DcAD7pmRxB",
      Partners: "fold_9zavpHUGCZ3AN3l4KgggMXuN",
      Social: "fold_Wk0xHudgzcqWfXpLczQfCyCd",
      Events: "fold_wLe2yKEJ7Wou6eEIF4Q4Po29",
      "Sales enablement": "fold_DojZg3l8hOVShpB2JtgZPl6K",
    },
    tags: {
      Q4: "tag_vYg0wX1qDUoz5JxtrVZAMHgC",
      paid: "tag_AmZJbae75MoNVt0NAkyAKklH",
      organic: "tag_hJizvVembtgFIu8JHf6JdWM9",
      newsletter: "tag_1Eor3GtSzKUYfjMa460McyIC",
      launch: "tag_K7nQZE2n2a2KP1P9pVvvwo5k",
      evergreen: "tag_ayP4uFpuVc5CZ6kMYpB3njDw",
      internal: "tag_lyQ85yPFSP03iQTyxhzwCcii",
      social: "tag_RToWvcUkgBEcBJm0I7uZPLft",
      events: "tag_CKDhuN0fdDctcFTlisZwebmR",
      partners: "tag_ZUHCNAXw1KTAc5jrJYQrVyjE",
    },
    partnerGroups: {
      Default: "grp_wXISJTM7nDwb3lffszNzIztD",
      Creators: "grp_pqoJLWFvC31A6V6sqk4ooV9J",
      Agencies: "grp_ak750UBlTVzmoaGaC5f05Cc3",
    },
    partnerTags: {
      "Top performer": "ptag_O0UYpuHFxciaBGjKmes26CQz",
      New: "ptag_yWbAgfmWAzVuboLXwJzQlVQg",
      YouTube: "ptag_ZeMBOKeFK5f9rG07FASl5oSu",
      Newsletter: "ptag_FXNTYJnTzoOa4f5ODhJ2C6EJ",
      EMEA: "ptag_8CXmSD1pYUvPhCCwdNEJ7isv",
    },
  },
  globex: {
    id: "ws_EsRMqhXOf0M4hmbESaiSr8JV",
    slug: "globex",
    plan: "advanced",
    apiKey: "demo_advanced_key",
    domains: ["gbx.link", "go.globex.com", "globex.to", "l.globex.de"],
    defaultProgramId: "prog_0twuzXUUAOBPrTyQLBetKKRp",
    links: {
      root: { id: "link_hchniXuMJkaPyYYA07SACTP1", domain: "gbx.link", key: "_root" },
      trial: { id: "link_IsG8xj3CEuypkGxGhME81o6A", domain: "gbx.link", key: "trial" },
      partners: { id: "link_Ug9Aq3AA5VPZIiuWSZ5LJykd", domain: "go.globex.com", key: "partners" },
      angebot: { id: "link_DZaoxGTAAwrGqSvPGnGofOgx", domain: "l.globex.de", key: "angebot" },
    },
    folders: {
      Campaigns: "fold_zxEMYWiFFln1vfC8KBDh3NDR",
      EMEA: "fold_tvlSKWL1IJvxt1TBcbTJLMSo",
      Affiliates: "fold_juarPGV5Rq4zIChhdEdigyeR",
      Docs: "fold_ONvvhLTGFFHEmNjA7QOqDrOG",
      Webinars: "fold_jqefWf9lFBsWCgttP4MwccXV",
    },
    tags: {
      EMEA: "tag_6utBC5dF5sxF6jNauX2ndJ3o",
      DACH: "tag_5VgDGYRDXpyVoV09cGSq7lzN",
      paid: "tag_MrQNbi0ETIVctIZvdTAeKDLb",
      organic: "tag_qDRN7AuiSUhUDnHaEWsZu5h9",
      webinar: "tag_Ss6YouY2i9Ya91u7OWueLFsG",
      reseller: "tag_dfG6CRcesR32k3AGe4l55B1b",
      ads: "tag_sA3ra0VR4euYn92Y1T8vfVP4",
      archive: "tag_oUUQYgLN1hFVL71BrBaL7dLf",
    },
    partnerGroups: {
      Default: "grp_E7OyeeMyjzMgOQMgs4VWbZM9",
      Resellers: "grp_YGuwf7D6otMvZQRGjjPZMVkN",
      Influencers: "grp_X2H5SuXQTCFP3647ZGFkJgLA",
    },
    partnerTags: {
      VIP: "ptag_NP3jSgnEzUVJJxbmZY3kTvWG",
      Reseller: "ptag_A8wwVltTyiJ0VBP77g6jA3Td",
      DACH: "ptag_elr0RFWhzv2R8J3hQJ0Zjo0p",
      Dormant: "ptag_rbd7c2pl5wH9QwBGjP8CaPP8",
    },
  },
  initech: {
    id: "ws_FurMxP2LbAP3zGFyfaOfQgD3",
    slug: "initech",
    plan: "pro",
    apiKey: "demo_pro_key",
    domains: ["initech.link", "get.initech.com"],
    defaultProgramId: "prog_wIiwv4tZu5jhVGj6HzMorkvF",
    links: {
      root: { id: "link_M4WeznEaetXxpdW5cu7ER7I4", domain: "initech.link", key: "_root" },
      start: { id: "link_GHOTpVXj77nNqfsAZt9Z6agN", domain: "initech.link", key: "start" },
      tpsReport: { id: "link_T4DGjfz3hsNtA8MYdH4bo2eu", domain: "get.initech.com", key: "tps-report" },
    },
    folders: {
      Growth: "fold_WYoxm5pCekjGGCrXXkVlbKnQ",
      Partners: "fold_j5k3JtRjRBeUzo9gawHclXkb",
      Newsletter: "fold_qcWIMSNcPaaM6kLrfdQRTkDB",
      Support: "fold_Xf0UAkdqyz365CM9xKWQ0w3l",
    },
    tags: {
      growth: "tag_hofEkpRHbQoIHxhxRDkq4dHc",
      support: "tag_GzCCaYY94sNyy11lX3g1l9so",
      paid: "tag_DoCRtjvdsDMJ0126IqPby3Xq",
      community: "tag_HynWXAEulY7FTi5H4ieScz2C",
      launch: "tag_yDpNRGxAAO2VrOMqLtuznRZV",
      tps: "tag_VaKuYehRsrqoTz8FPf5iM8oj",
    },
    partnerGroups: {
      Default: "grp_rvh3RvozkCn3A2hmNzD4D71V",
      Affiliates: "grp_igSGPAVdKTZO11F0krJqSjie",
    },
    partnerTags: {
      Tech: "ptag_OtU6s3ud3bDnUXbj2dyICn3U",
      Finance: "ptag_tz8HXgthEZFkbHJOM2wzHY0i",
      New: "ptag_UdiEAqjSTiVOwdhcjerWz5ya",
    },
  },
  hooli: {
    id: "ws_fbqey0CqY36rrqheRPYoGVfY",
    slug: "hooli",
    plan: "free",
    apiKey: "demo_free_key",
    domains: ["hooli.link", "go.hooli.xyz"],
    defaultProgramId: null,
    links: {
      root: { id: "link_cX13ivzBvqpHuZmu6eGYU123", domain: "hooli.link", key: "_root" },
      nucleus: { id: "link_OIaWR6FcfPvDUJe9HeF1wvch", domain: "hooli.link", key: "nucleus" },
    },
    folders: {
      Launch: "fold_91ZmCNjSvmTujVTCv0k0SUjE",
      Social: "fold_z2K041hpHEtRk1MgbJsOI8vg",
      Press: "fold_V7soyAcVKo10LVlgYFG7qTkD",
      Misc: "fold_jNxDX7XlIYMJ3YZiLme4Si2o",
    },
    tags: {
      press: "tag_su2dDssqEvnYe9YEHd4JmvnO",
      social: "tag_1kHKpVdM5DvktIaWy1DhWjpZ",
      launch: "tag_n7FWHJf5l2YtjMXBAcgIQBzb",
      beta: "tag_ZhpUawyEZyhvLoZr5bkt1Qfc",
      internal: "tag_CWBLcZAMhQ5LKJ65GYlTXnAM",
      nucleus: "tag_7BoJHxBr201JUTvuEBsIX3QI",
    },
    partnerGroups: {},
    partnerTags: {},
  },
} as const;

export type DemoWorkspaceSlug = keyof typeof DEMO;
