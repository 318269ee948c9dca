/** Coherent device / os / browser combinations, each with a few user-agent strings. */

export type Device = "Desktop" | "Mobile" | "Tablet";

export interface DeviceRow {
  readonly device: Device;
  readonly os: string;
  readonly browser: string;
  readonly ua: string | null;
  readonly weight: number; // within its device class
}

interface Profile {
  readonly device: Device;
  readonly os: string;
  readonly browser: string;
  readonly weight: number;
  readonly versions: readonly string[]; // oldest first; newer ones get more weight
  readonly ua: (v: string) => string;
}

const CHROME = ["139", "140", "141", "142"];
const FIREFOX = ["142", "143", "144", "145"];
const SAFARI = ["18.5", "18.6", "26.0", "26.1"];
const SAMSUNG = ["27.0", "28.0", "29.0"];
const WEBKIT = "AppleWebKit/537.36 (KHTML, like Gecko)";
const IOS_WEBKIT = "AppleWebKit/605.1.15 (KHTML, like Gecko)";
const WIN = "Windows NT 10.0; Win64; x64";
const MAC = "Macintosh; Intel Mac OS X 10_15_7";
// Since iOS 26, Safari freezes the OS token at 18_6; only Version/ moves.
const iosToken = (v: string) => (v.startsWith("26") ? "18_6" : v.replace(".", "_"));

const PROFILES: readonly Profile[] = [
  {
    device: "Desktop",
    os: "Windows",
    browser: "Chrome",
    weight: 38,
    versions: CHROME,
    ua: (v) => `Mozilla/5.0 (${WIN}) ${WEBKIT} Chrome/${v}.0.0.0 Safari/537.36`,
  },
  {
    device: "Desktop",
    os: "Windows",
    browser: "Edge",
    weight: 12,
    versions: CHROME,
    ua: (v) => `Mozilla/5.0 (${WIN}) ${WEBKIT} Chrome/${v}.0.0.0 Safari/537.36 Edg/${v}.0.3537.57`,
  },
  {
    device: "Desktop",
    os: "Windows",
    browser: "Firefox",
    weight: 5,
    versions: FIREFOX,
    ua: (v) => `Mozilla/5.0 (${WIN}; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`,
  },
  {
    device: "Desktop",
    os: "Mac OS",
    browser: "Chrome",
    weight: 20,
    versions: CHROME,
    ua: (v) => `Mozilla/5.0 (${MAC}) ${WEBKIT} Chrome/${v}.0.0.0 Safari/537.36`,
  },
  {
    device: "Desktop",
    os: "Mac OS",
    browser: "Safari",
    weight: 13,
    versions: SAFARI,
    ua: (v) => `Mozilla/5.0 (${MAC}) ${IOS_WEBKIT} Version/${v} Safari/605.1.15`,
  },
  {
    device: "Desktop",
    os: "Mac OS",
    browser: "Firefox",
    weight: 2.5,
    versions: FIREFOX,
    ua: (v) => `Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`,
  },
  {
    device: "Desktop",
    os: "Mac OS",
    browser: "Edge",
    weight: 1.5,
    versions: CHROME,
    ua: (v) => `Mozilla/5.0 (${MAC}) ${WEBKIT} Chrome/${v}.0.0.0 Safari/537.36 Edg/${v}.0.3537.57`,
  },
  {
    device: "Desktop",
    os: "Linux",
    browser: "Chrome",
    weight: 5,
    versions: CHROME,
    ua: (v) => `Mozilla/5.0 (X11; Linux x86_64) ${WEBKIT} Chrome/${v}.0.0.0 Safari/537.36`,
  },
  {
    device: "Desktop",
    os: "Linux",
    browser: "Firefox",
    weight: 3,
    versions: FIREFOX,
    ua: (v) => `Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`,
  },
  {
    device: "Mobile",
    os: "iOS",
    browser: "Safari",
    weight: 43,
    versions: SAFARI,
    ua: (v) =>
      `Mozilla/5.0 (iPhone; CPU iPhone OS ${iosToken(v)} like Mac OS X) ${IOS_WEBKIT} Version/${v} Mobile/15E148 Safari/604.1`,
  },
  {
    device: "Mobile",
    os: "iOS",
    browser: "Chrome",
    weight: 10,
    versions: CHROME,
    ua: (v) =>
      `Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) ${IOS_WEBKIT} CriOS/${v}.0.7339.101 Mobile/15E148 Safari/604.1`,
  },
  {
    device: "Mobile",
    os: "Android",
    browser: "Chrome",
    weight: 38,
    versions: CHROME,
    ua: (v) => `Mozilla/5.0 (Linux; Android 10; K) ${WEBKIT} Chrome/${v}.0.0.0 Mobile Safari/537.36`,
  },
  {
    device: "Mobile",
    os: "Android",
    browser: "Samsung Internet",
    weight: 9,
    versions: SAMSUNG,
    ua: (v) => `Mozilla/5.0 (Linux; Android 10; K) ${WEBKIT} SamsungBrowser/${v} Chrome/130.0.0.0 Mobile Safari/537.36`,
  },
  {
    device: "Tablet",
    os: "iOS",
    browser: "Safari",
    weight: 55,
    versions: SAFARI,
    ua: (v) =>
      `Mozilla/5.0 (iPad; CPU OS ${iosToken(v)} like Mac OS X) ${IOS_WEBKIT} Version/${v} Mobile/15E148 Safari/604.1`,
  },
  {
    device: "Tablet",
    os: "iOS",
    browser: "Chrome",
    weight: 10,
    versions: CHROME,
    ua: (v) =>
      `Mozilla/5.0 (iPad; CPU OS 18_6 like Mac OS X) ${IOS_WEBKIT} CriOS/${v}.0.7339.101 Mobile/15E148 Safari/604.1`,
  },
  {
    device: "Tablet",
    os: "Android",
    browser: "Chrome",
    weight: 28,
    versions: CHROME,
    ua: (v) => `Mozilla/5.0 (Linux; Android 14; SM-X710) ${WEBKIT} Chrome/${v}.0.0.0 Safari/537.36`,
  },
  {
    device: "Tablet",
    os: "Android",
    browser: "Samsung Internet",
    weight: 7,
    versions: SAMSUNG,
    ua: (v) => `Mozilla/5.0 (Linux; Android 14; SM-X710) ${WEBKIT} SamsungBrowser/${v} Chrome/130.0.0.0 Safari/537.36`,
  },
];

/** Share of clicks whose user agent was not recorded. */
const NULL_UA_SHARE = 0.02;

export const DEVICE_ROWS: readonly DeviceRow[] = PROFILES.flatMap((p) => {
  const n = p.versions.length;
  const versionTotal = (n * (n + 1)) / 2;
  const base = { device: p.device, os: p.os, browser: p.browser };
  const rows: DeviceRow[] = p.versions.map((v, i) => ({
    ...base,
    ua: p.ua(v),
    weight: (p.weight * (1 - NULL_UA_SHARE) * (i + 1)) / versionTotal,
  }));
  rows.push({ ...base, ua: null, weight: p.weight * NULL_UA_SHARE });
  return rows;
});

/** Device-class mix by the kind of traffic: social apps skew mobile, work tools skew desktop. */
export type Audience = "default" | "social" | "work";

export const DEVICE_MIX: Readonly<Record<Audience, Readonly<Record<Device, number>>>> = {
  default: { Desktop: 44, Mobile: 51, Tablet: 5 },
  social: { Desktop: 20, Mobile: 75, Tablet: 5 },
  work: { Desktop: 68, Mobile: 28, Tablet: 4 },
};

/** Probability that a click is a QR scan, by device class. */
export const QR_SHARE: Readonly<Record<Device, number>> = { Desktop: 0.02, Mobile: 0.13, Tablet: 0.08 };
