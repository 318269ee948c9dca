import { describe, expect, it } from "vitest";
import { DEVICE_ROWS } from "./ref-devices";
import { COUNTRIES, GEO_ROWS } from "./ref-geo";
import { CURRENCIES, localAmount, toUsdCents } from "./ref-money";
import { GENERAL_REFERERS, REFERER_HOSTS, ROOT_REFERERS, SOURCE_REFERERS } from "./ref-referrers";
import { UTM_SOURCES } from "./ref-marketing";

describe("geography", () => {
  it("has about forty distinct countries, every inhabited continent, US first", () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThanOrEqual(40);
    expect(new Set(COUNTRIES.map((c) => c.continent))).toEqual(new Set(["AF", "AS", "EU", "NA", "OC", "SA"]));
    const byWeight = [...COUNTRIES].sort((a, b) => b.weight - a.weight).map((c) => c.code);
    expect(byWeight.slice(0, 3)).toEqual(["US", "GB", "DE"]);
  });

  it("gives every city an ISO 3166-2 region of its own country", () => {
    for (const { country, city } of GEO_ROWS) {
      expect(city.region, city.name).toMatch(new RegExp(`^${country.code}-[0-9A-Z]{1,3}$`));
      expect(Math.abs(city.utcOffset)).toBeLessThanOrEqual(14);
    }
  });

  it("gives every country IP prefixes", () => {
    for (const c of COUNTRIES) {
      expect(c.ipv4.length, c.code).toBeGreaterThan(0);
      for (const octet of c.ipv4) expect(octet >= 1 && octet <= 223).toBe(true);
      for (const p of c.ipv6) expect(p).toMatch(/^[0-9a-f]{1,4}:[0-9a-f]{1,4}$/);
    }
  });
});

describe("devices", () => {
  it("only pairs browsers, systems and devices that exist together, with matching user agents", () => {
    for (const d of DEVICE_ROWS) {
      const combo = `${d.device}/${d.os}/${d.browser}`;
      if (d.device === "Desktop") expect(["Windows", "Mac OS", "Linux"], combo).toContain(d.os);
      else expect(["iOS", "Android"], combo).toContain(d.os);
      if (d.browser === "Safari") expect(["Mac OS", "iOS"], combo).toContain(d.os);
      if (d.browser === "Samsung Internet") expect(d.os, combo).toBe("Android");
      if (d.browser === "Edge") expect(d.device, combo).toBe("Desktop");
      if (d.ua === null) continue;
      const platform = { Windows: "Windows NT", "Mac OS": "Macintosh", Linux: "Linux x86_64", Android: "Android" }[
        d.os
      ];
      if (platform) expect(d.ua, combo).toContain(platform);
      if (d.os === "iOS") expect(d.ua, combo).toContain(d.device === "Tablet" ? "iPad" : "iPhone");
      if (d.device === "Mobile" && d.os === "Android") expect(d.ua).toContain("Mobile");
    }
  });
});

describe("referrers", () => {
  it("name only catalogued hosts, and every UTM source has a mapping", () => {
    const hosts = new Set(REFERER_HOSTS.map((h) => h.host));
    for (const [host] of [...GENERAL_REFERERS, ...ROOT_REFERERS, ...Object.values(SOURCE_REFERERS).flat()]) {
      expect(hosts.has(host), host).toBe(true);
    }
    for (const s of UTM_SOURCES) expect(SOURCE_REFERERS[s.source], s.source).toBeDefined();
    for (const h of REFERER_HOSTS) {
      for (const url of h.urls) {
        if (h.host !== "(direct)") expect(new URL(url).hostname.replace(/^www\./, ""), url).toBe(h.host);
      }
    }
  });
});

describe("money", () => {
  it("stores cents, except yen which have no minor unit", () => {
    expect(localAmount("usd", 29)).toBe(2900);
    expect(localAmount("eur", 29)).toBe(2900);
    expect(localAmount("jpy", 29)).toBe(4400);
    expect(toUsdCents("jpy", 4400)).toBe(2948);
    expect(toUsdCents("gbp", 2900)).toBe(3683);
    expect(Object.keys(CURRENCIES).sort()).toEqual(["aud", "cad", "eur", "gbp", "jpy", "usd"]);
  });
});
