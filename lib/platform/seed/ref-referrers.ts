/** Referrer hostnames (as stored: no "www."), their full URLs, and how UTM sources map onto them. */
import type { Audience } from "./ref-devices";
import { Rng } from "./prng";

export const DIRECT = "(direct)";

export interface RefererHost {
  readonly host: string;
  readonly urls: readonly string[];
  readonly audience: Audience;
}

// Fixed stream (not the seed): the referrer catalogue is reference data.
const rng = new Rng(0, "ref-referrers");
const shortPaths = (base: string, n: number, len: number) =>
  Array.from({ length: n }, () => `${base}${rng.base62(len)}`);
const hnItems = Array.from({ length: 6 }, () => `https://news.ycombinator.com/item?id=${rng.int(45000000, 46200000)}`);
const SUBREDDITS = ["marketing", "SaaS", "startups", "Entrepreneur", "webdev", "analytics", "growthhacking"];
const redditPosts = SUBREDDITS.map((r) => `https://www.reddit.com/r/${r}/comments/${rng.base62(7).toLowerCase()}/`);

export const REFERER_HOSTS: readonly RefererHost[] = [
  { host: DIRECT, urls: [DIRECT], audience: "default" },
  { host: "google.com", urls: ["https://www.google.com/"], audience: "default" },
  { host: "bing.com", urls: ["https://www.bing.com/"], audience: "work" },
  { host: "duckduckgo.com", urls: ["https://duckduckgo.com/"], audience: "default" },
  { host: "chatgpt.com", urls: ["https://chatgpt.com/"], audience: "default" },
  { host: "perplexity.ai", urls: ["https://www.perplexity.ai/"], audience: "work" },
  { host: "t.co", urls: shortPaths("https://t.co/", 24, 10), audience: "social" },
  { host: "x.com", urls: ["https://x.com/"], audience: "social" },
  { host: "facebook.com", urls: ["https://www.facebook.com/"], audience: "social" },
  { host: "l.facebook.com", urls: ["https://l.facebook.com/"], audience: "social" },
  { host: "m.facebook.com", urls: ["https://m.facebook.com/"], audience: "social" },
  { host: "instagram.com", urls: ["https://www.instagram.com/"], audience: "social" },
  { host: "l.instagram.com", urls: ["https://l.instagram.com/"], audience: "social" },
  { host: "tiktok.com", urls: ["https://www.tiktok.com/"], audience: "social" },
  { host: "youtube.com", urls: ["https://www.youtube.com/"], audience: "social" },
  { host: "m.youtube.com", urls: ["https://m.youtube.com/"], audience: "social" },
  { host: "reddit.com", urls: ["https://www.reddit.com/", ...redditPosts], audience: "social" },
  { host: "linkedin.com", urls: ["https://www.linkedin.com/", "https://www.linkedin.com/feed/"], audience: "work" },
  { host: "lnkd.in", urls: shortPaths("https://lnkd.in/", 12, 7), audience: "work" },
  { host: "news.ycombinator.com", urls: ["https://news.ycombinator.com/", ...hnItems], audience: "work" },
  {
    host: "producthunt.com",
    urls: ["https://www.producthunt.com/", "https://www.producthunt.com/leaderboard/daily"],
    audience: "work",
  },
  { host: "github.com", urls: ["https://github.com/", "https://github.com/trending"], audience: "work" },
  { host: "app.slack.com", urls: ["https://app.slack.com/"], audience: "work" },
  { host: "mail.google.com", urls: ["https://mail.google.com/"], audience: "work" },
  { host: "outlook.live.com", urls: ["https://outlook.live.com/"], audience: "work" },
  { host: "medium.com", urls: ["https://medium.com/"], audience: "default" },
];

type Weights = readonly (readonly [host: string, weight: number])[];

/** Referrers of a link without UTM source. (direct) ends up near 35% overall once QR scans are added. */
export const GENERAL_REFERERS: Weights = [
  [DIRECT, 27],
  ["google.com", 19],
  ["t.co", 5],
  ["x.com", 1.5],
  ["linkedin.com", 6],
  ["lnkd.in", 1.5],
  ["facebook.com", 3],
  ["l.facebook.com", 2],
  ["m.facebook.com", 1],
  ["instagram.com", 2],
  ["l.instagram.com", 1.5],
  ["youtube.com", 3],
  ["reddit.com", 2.5],
  ["news.ycombinator.com", 1.5],
  ["mail.google.com", 2.5],
  ["outlook.live.com", 1],
  ["bing.com", 2.5],
  ["duckduckgo.com", 1.2],
  ["chatgpt.com", 2.2],
  ["perplexity.ai", 0.6],
  ["github.com", 1.2],
  ["producthunt.com", 0.6],
  ["tiktok.com", 1.2],
  ["app.slack.com", 1],
  ["medium.com", 0.8],
];

/** Referrers of root-domain (pageview) traffic: search and direct. */
export const ROOT_REFERERS: Weights = [
  [DIRECT, 34],
  ["google.com", 42],
  ["bing.com", 5],
  ["duckduckgo.com", 3],
  ["chatgpt.com", 5],
  ["perplexity.ai", 1.5],
  ["linkedin.com", 3],
  ["t.co", 2],
  ["github.com", 1.5],
  ["reddit.com", 1],
];

/** Where clicks on a link tagged utm_source=X come from (before adding (direct) and background noise). */
export const SOURCE_REFERERS: Readonly<Record<string, Weights>> = {
  google: [["google.com", 1]],
  bing: [["bing.com", 1]],
  facebook: [
    ["facebook.com", 3],
    ["l.facebook.com", 4],
    ["m.facebook.com", 2],
  ],
  instagram: [
    ["instagram.com", 2],
    ["l.instagram.com", 3],
  ],
  linkedin: [
    ["linkedin.com", 4],
    ["lnkd.in", 1],
  ],
  twitter: [
    ["t.co", 5],
    ["x.com", 1],
  ],
  tiktok: [["tiktok.com", 1]],
  youtube: [
    ["youtube.com", 3],
    ["m.youtube.com", 1],
  ],
  reddit: [["reddit.com", 1]],
  newsletter: [
    ["mail.google.com", 3],
    ["outlook.live.com", 1],
  ],
  producthunt: [["producthunt.com", 1]],
  hackernews: [["news.ycombinator.com", 1]],
  print: [],
};

/** Share of a UTM-tagged link's clicks that arrive without referrer (apps, email clients, privacy settings). */
export const SOURCE_DIRECT_SHARE: Readonly<Record<string, number>> = { newsletter: 0.55, print: 1 };
export const DEFAULT_SOURCE_DIRECT_SHARE = 0.2;
/** Share of a UTM-tagged link's clicks from unrelated referrers (shares, reposts). */
export const SOURCE_NOISE_SHARE = 0.1;
