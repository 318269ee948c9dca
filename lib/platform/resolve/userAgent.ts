import Bowser from "bowser";

/** The device, browser and OS of a click, named as the store names them (the seed's names: lib/platform/seed/ref-devices.ts). */
export interface ClickDevice {
  device: "Desktop" | "Mobile" | "Tablet";
  browser: string;
  os: string;
  /** A crawler or link unfurler: its visits are redirected but not counted, as on the hosted platform. */
  bot: boolean;
}

const BROWSER_NAMES: Readonly<Record<string, string>> = {
  "Microsoft Edge": "Edge",
  "Samsung Internet for Android": "Samsung Internet",
};
const OS_NAMES: Readonly<Record<string, string>> = { macOS: "Mac OS" };

const DEVICES: Readonly<Record<string, ClickDevice["device"]>> = {
  mobile: "Mobile",
  tablet: "Tablet",
  desktop: "Desktop",
  tv: "Desktop",
};

const BOT = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview/i;

/** User agents parsed lately: most visits come from a few browsers' strings, and parsing one costs more than the rest of a visit. */
const PARSED_CAPACITY = 2000;
const parsed = new Map<string, ClickDevice>();

/** Parsed by bowser (MIT); what it cannot name is "Unknown", an unknown kind of device a desktop. */
export function deviceOf(userAgent: string | undefined): ClickDevice {
  if (!userAgent) return { device: "Desktop", browser: "Unknown", os: "Unknown", bot: false };
  const known = parsed.get(userAgent);
  if (known) return known;
  const device = parse(userAgent);
  if (parsed.size >= PARSED_CAPACITY) parsed.delete(parsed.keys().next().value as string);
  parsed.set(userAgent, device);
  return device;
}

function parse(userAgent: string): ClickDevice {
  const result = Bowser.parse(userAgent);
  const browser = result.browser.name ?? "Unknown";
  const os = result.os.name ?? "Unknown";
  return {
    device: DEVICES[result.platform.type ?? ""] ?? "Desktop",
    browser: BROWSER_NAMES[browser] ?? browser,
    os: OS_NAMES[os] ?? os,
    bot: result.platform.type === "bot" || BOT.test(userAgent),
  };
}
