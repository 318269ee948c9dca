/** What a simulated visitor looks like: a small seeded generator and the pools it draws from. */

/** mulberry32: a tiny seeded PRNG, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];

export const USER_AGENTS = [
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
] as const;

export const REFERERS = [
  "https://www.google.com/",
  "https://twitter.com/",
  "https://www.linkedin.com/feed/",
  "https://news.ycombinator.com/",
  "https://www.reddit.com/r/marketing/",
  null,
  null,
] as const;

const FIRST_NAMES = [
  "Ada",
  "Ben",
  "Chloé",
  "Dev",
  "Emma",
  "Felix",
  "Grace",
  "Hiro",
  "Ines",
  "Jonas",
  "Kara",
  "Luca",
  "Mia",
  "Noah",
  "Olga",
  "Priya",
] as const;
const LAST_NAMES = [
  "Park",
  "Okafor",
  "Müller",
  "Silva",
  "Nakamura",
  "Rossi",
  "Dubois",
  "Khan",
  "Larsen",
  "Novak",
] as const;

export function customerOf(random: () => number, n: number): { name: string; email: string } {
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const local = `${first}.${last}`
    .normalize("NFD")
    .replace(/[^A-Za-z.]/g, "")
    .toLowerCase();
  return { name: `${first} ${last}`, email: `${local}.${n}@example.com` };
}

/** Plans a customer buys, in the minor unit of the currency. */
export const PURCHASES = [
  { amount: 2900, currency: "usd" },
  { amount: 4900, currency: "usd" },
  { amount: 9900, currency: "usd" },
  { amount: 4500, currency: "eur" },
  { amount: 3900, currency: "gbp" },
  { amount: 4900, currency: "jpy" },
] as const;
