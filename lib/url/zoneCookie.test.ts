import { describe, expect, it } from "vitest";
import { searchWithZone, ZONE_COOKIE, zoneCookieLine, zoneOfCookie } from "./zoneCookie";

describe("the zone cookie", () => {
  it("the page remembers the browser's zone for a year on every path", () => {
    expect(zoneCookieLine("America/Los_Angeles")).toBe(
      `${ZONE_COOKIE}=America%2FLos_Angeles; path=/; max-age=31536000; samesite=lax`,
    );
  });

  it("reads back only IANA zones: anything else a client sends is no zone", () => {
    expect(zoneOfCookie("America%2FLos_Angeles")).toBe("America/Los_Angeles");
    expect(zoneOfCookie("UTC")).toBe("UTC");
    for (const bad of [undefined, "", "Mars%2FOlympus", "%E0%A4%A", "x".repeat(65), "<script>"])
      expect(zoneOfCookie(bad)).toBeNull();
  });

  it("a URL that names a zone is filled in its own; one that names none in the remembered zone, or not at all", () => {
    const named = new URLSearchParams("interval=30d&timezone=Asia%2FTokyo");
    expect(searchWithZone(named, "Europe%2FBerlin")).toBe(named);
    const bare = new URLSearchParams("interval=30d&country=US");
    expect(searchWithZone(bare, "Europe%2FBerlin")?.toString()).toBe(
      "interval=30d&country=US&timezone=Europe%2FBerlin",
    );
    expect(bare.has("timezone")).toBe(false);
    expect(searchWithZone(bare, undefined)).toBeNull();
    expect(searchWithZone(bare, "Nowhere%2FAtAll")).toBeNull();
  });
});
